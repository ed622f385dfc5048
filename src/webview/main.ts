// The response panel's front end: announces itself, then renders what the host sends with DOM APIs only.
import { mark } from './viewTimeline';
import type { HostToView, ViewToHost } from '../shared/panelMessages';
import { ResponseView } from './responseView';

interface VsCodeApi {
  postMessage(message: ViewToHost): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscodeApi = acquireVsCodeApi();
const root = document.getElementById('app') ?? document.body;
const view = new ResponseView(
  {
    command: (command) => vscodeApi.postMessage({ type: 'command', command }),
    copy: (text, what) => vscodeApi.postMessage({ type: 'copy', text, what }),
    openRecord: (id, field) => vscodeApi.postMessage({ type: 'openRecord', id, ...(field !== undefined ? { field } : {}) }),
    filter: (text) => vscodeApi.postMessage({ type: 'filter', text }),
  },
  root,
);

window.addEventListener('message', (event: MessageEvent<HostToView>) => {
  const message = event.data;
  switch (message.type) {
    case 'running':
      view.running(message.title);
      break;
    case 'show':
      view.show(message.response);
      break;
    case 'rows':
      view.rows(message.id, message.start, message.rows);
      break;
    case 'bytes':
      view.bytes(message.id, message.start, message.data);
      break;
    case 'act':
      view.act(message.action);
      break;
    case 'reportState':
      vscodeApi.postMessage({ type: 'state', nonce: message.nonce, state: view.state() });
      break;
  }
});
mark('ready');
vscodeApi.postMessage({ type: 'ready' });
