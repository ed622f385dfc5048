// The buttons' element, `vscode-button` (Lit, from @vscode-elements/elements), is defined after the page's first
// paint: parsing its code, upgrading the panel's twenty-odd buttons and styling their shadow roots delayed a new
// panel's first rows (docs/benchmarks.md). Until then panel.css draws each button as a look-alike of the same box.
// The page carries the element's bundle (dist/webview/controls.js) as an inert block, which this runs under the
// page's nonce, or else its address, which this loads.
const ownScript = document.currentScript as HTMLScriptElement | null;
let defined = false;

/** Defines the buttons' element once the page's first paint is reported (or a second after its load, unpainted). */
export function defineControlsAfterFirstPaint(): void {
  if (performance.getEntriesByName('first-paint', 'paint').length > 0) {
    setTimeout(defineControls);
    return;
  }
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    defineControls();
  });
  observer.observe({ type: 'paint' });
  // A page kept hidden is not painted: its buttons are defined all the same.
  const unpainted = () => setTimeout(defineControls, 1000);
  if (document.readyState === 'complete') unpainted();
  else window.addEventListener('load', unpainted, { once: true });
}

/** Defines the buttons' element now (once). */
export function defineControls(): void {
  if (defined) return;
  defined = true;
  const block = document.getElementById('controls-code');
  const script = document.createElement('script');
  script.nonce = ownScript?.nonce ?? '';
  if (block) {
    script.textContent = block.textContent;
    block.remove();
  } else {
    script.src = ownScript?.dataset.controls || new URL('controls.js', ownScript?.src || document.baseURI).href;
    script.addEventListener('load', () => script.remove(), { once: true });
  }
  document.head.append(script);
  // Run (an inline one as it is appended): its text need not stay in the DOM, nor in every `state`'s HTML.
  if (block) script.remove();
}
