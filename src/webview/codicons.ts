// The buttons' codicons, given once the page has loaded: the workbench keeps a new view's frame hidden until its
// `load` event, which waits for every stylesheet and font being fetched, so the first rows wait for none of these.
const address = (document.currentScript as HTMLScriptElement | null)?.dataset.codicons;

/** Runs `action` (giving a button its icon) after the page's load, with the codicon stylesheet on the page. */
export function withCodicons(action: () => void): void {
  if (document.readyState === 'complete') {
    addStylesheet();
    action();
  } else {
    window.addEventListener(
      'load',
      () => {
        addStylesheet();
        action();
      },
      { once: true },
    );
  }
}

/** `vscode-icon` reads this link's address (the page declares the font itself) for the stylesheet of its shadow root. */
function addStylesheet(): void {
  if (!address || document.getElementById('vscode-codicon-stylesheet')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.id = 'vscode-codicon-stylesheet';
  link.href = address;
  document.head.append(link);
}
