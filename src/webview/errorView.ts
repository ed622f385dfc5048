// An error answer laid out: the kind and what it means, the exception's name, message and arguments, the traceback folded.
import type { PanelError } from '../shared/panelMessages';
import { element } from './domBuilder';

export class ErrorView {
  readonly root = element('section', { class: 'error-view', 'aria-label': 'Error' });
  #traceback: HTMLDetailsElement | undefined;
  #error: PanelError | undefined;

  show(error: PanelError): void {
    this.#error = error;
    const heading = element('h2', { class: 'error-name' }, error.name ?? error.kind);
    const kind = element('p', { class: 'error-kind' });
    kind.append(element('strong', {}, `${error.kind}: `), document.createTextNode(error.explanation));
    const message = element('pre', { class: 'error-message', role: 'alert' }, error.message);
    const parts: HTMLElement[] = [heading, kind, message];
    if (error.arguments && error.arguments.length > 0) {
      const list = element('ul', { class: 'error-arguments', 'aria-label': 'Arguments' });
      for (const argument of error.arguments)
        list.append(element('li', {}, typeof argument === 'string' ? argument : JSON.stringify(argument)));
      parts.push(element('h3', {}, 'Arguments'), list);
    }
    this.#traceback = undefined;
    if (error.debug) {
      this.#traceback = element('details', { class: 'traceback' });
      this.#traceback.append(element('summary', {}, 'Traceback'), element('pre', {}, error.debug));
      parts.push(this.#traceback);
    }
    this.root.replaceChildren(...parts);
  }

  toggleTraceback(): void {
    if (this.#traceback) this.#traceback.open = !this.#traceback.open;
  }

  state(): { kind: string; name: string; message: string; explanation: string; tracebackOpen: boolean; traceback: string } | undefined {
    const error = this.#error;
    if (!error) return undefined;
    return {
      kind: error.kind,
      name: error.name ?? '',
      message: error.message,
      explanation: error.explanation,
      tracebackOpen: this.#traceback?.open ?? false,
      traceback: error.debug ?? '',
    };
  }
}
