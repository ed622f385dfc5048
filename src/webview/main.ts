// The response panel's front end: announces itself, then renders what the host sends with DOM APIs only.
import type { HostToView, ViewToHost } from '../shared/panelMessages';

interface VsCodeApi {
  postMessage(message: ViewToHost): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

function render(message: HostToView): void {
  const root = document.getElementById('app');
  if (!root) return;
  const heading = document.createElement('h2');
  heading.textContent = `${message.title} — ${message.status}`;
  const body = document.createElement('pre');
  body.textContent = JSON.stringify(message.body, null, 2);
  root.replaceChildren(heading, body);
}

const vscodeApi = acquireVsCodeApi();
window.addEventListener('message', (event: MessageEvent<HostToView>) => render(event.data));
vscodeApi.postMessage({ type: 'ready' });
