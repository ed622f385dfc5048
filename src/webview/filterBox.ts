// The panel's filter box: a path typed here narrows the answer in the view (answerFilter.ts) and goes to the host,
// which keeps it for the request; the box shows that path and why it selects nothing or cannot be read.
import { element } from './domBuilder';

/** Time after the last keystroke before the path is sent (Enter sends it at once). */
const TYPING_PAUSE_MS = 300;

export class FilterBox {
  readonly input = element('input', {
    type: 'text',
    class: 'filter',
    spellcheck: 'false',
    'aria-label': 'Filter the answer by a path',
    placeholder: 'Filter: body[*].name or body[?(@.amount_total > 1000)]',
    title: 'A path as in assertions: body[*].partner_id[1], body[0].name, body[?(@.state == "sale")] (JSONPath filter)',
  });
  readonly message = element('div', { class: 'filter-error', role: 'alert', hidden: '' });
  #timer: ReturnType<typeof setTimeout> | undefined;
  #sent = '';

  constructor(private readonly send: (text: string) => void) {
    this.input.addEventListener('input', () => {
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => this.apply(), TYPING_PAUSE_MS);
    });
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.apply();
      else if (event.key === 'Escape' && this.input.value) {
        this.input.value = '';
        this.apply();
      }
    });
  }

  /** Sends the box's path now (unless it was sent already). */
  apply(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.input.value === this.#sent) return;
    this.#sent = this.input.value;
    this.send(this.input.value);
  }

  /** Shows the filter of an answer: its path (unless the person is typing another) and its problem. */
  show(text: string, error: string | undefined): void {
    if (this.#timer === undefined) this.input.value = text;
    this.#sent = text;
    this.message.textContent = error ?? '';
    this.message.hidden = !error;
    this.input.setAttribute('aria-invalid', String(Boolean(error)));
  }

  state(): { text: string; error: string } {
    return { text: this.input.value, error: this.message.hidden ? '' : (this.message.textContent ?? '') };
  }
}
