// The panel's "Why this answer" box: the explanation of a 401, 403, empty list or missing field, one line per cause.
import type { PanelExplanation } from '../shared/panelMessages';
import { element } from './domBuilder';

export class ExplanationView {
  readonly root = element('section', { class: 'explanation', 'aria-label': 'Why this answer', hidden: '' });
  #shown: PanelExplanation | undefined;

  show(explanation: PanelExplanation | undefined): void {
    this.#shown = explanation;
    if (!explanation) {
      this.root.setAttribute('hidden', '');
      this.root.replaceChildren();
      return;
    }
    this.root.removeAttribute('hidden');
    const list = element('ul');
    list.append(
      ...explanation.causes.map((cause) =>
        element('li', { class: cause.certain ? 'certain' : 'possible' }, `${cause.certain ? '' : 'Possibly: '}${cause.sentence}`),
      ),
    );
    this.root.replaceChildren(element('h2', {}, 'Why this answer'), element('p', { class: 'summary' }, explanation.summary));
    if (explanation.causes.length > 0) this.root.append(list);
  }

  state(): PanelExplanation | undefined {
    return this.#shown;
  }
}
