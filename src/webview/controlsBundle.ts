// The buttons' element's own bundle (dist/webview/controls.js): `vscode-button` with Lit, run by the view after the
// page's first paint (controls.ts).
import '@vscode-elements/elements/dist/vscode-button/index.js';
