// The response panel's front end: announces itself, then renders what the host sends with DOM APIs only.
import { mark } from './viewTimeline';
import type { EmbeddedMessage, HostToView, ViewToHost } from '../shared/panelMessages';
import { defineControlsAfterFirstPaint } from './controls';
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

function handle(message: HostToView): void {
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
}

/** What the page itself carries (the answer that created the panel, its first slice), handled before `ready`. */
function embedded(): HostToView[] {
  const block = document.getElementById('embedded');
  const entries = JSON.parse(block?.textContent || '[]') as EmbeddedMessage[];
  // Read once: the page need not keep the first slice's text.
  block?.remove();
  return entries.map((entry) => (entry.type === 'bytes' ? { ...entry, data: fromBase64(entry.data) } : entry));
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

defineControlsAfterFirstPaint();

// The page carries this script inline: once run, its text need not stay in the DOM (nor in every `state`'s HTML).
document.currentScript?.remove();
window.addEventListener('message', (event: MessageEvent<HostToView>) => handle(event.data));
mark('ready');
vscodeApi.postMessage({ type: 'ready' });
// The host's later messages come as events, after these: `ready` first lets it go on meanwhile.
for (const message of embedded()) handle(message);
