// Builds DOM elements with attributes and text only: the panel never parses HTML.
// Buttons are `vscode-button`s from @vscode-elements/elements (themed like the workbench's own controls), defined after
// the page's first paint (controls.ts): until then a button is an element without its class, so its state is read and
// set through attributes, which the element observes once defined.
import { withCodicons } from './codicons';

/** A `vscode-button`: focusable, operated with Enter and Space, `disabled` takes it out of the tab order. */
export type PanelButton = HTMLElement;

/** Whether `button` is disabled (its attribute: the element may not be defined yet). */
export function isDisabled(button: PanelButton): boolean {
  return button.hasAttribute('disabled');
}

/** Disables or enables `button`. */
export function setDisabled(button: PanelButton, disabled: boolean): void {
  button.toggleAttribute('disabled', disabled);
}

/** An element with attributes and, optionally, its text (set with textContent, never as markup). */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A secondary button that runs `action` on click (and so on Enter and Space), with a codicon before its label when given. */
export function button(label: string, action: () => void, attributes: Record<string, string> = {}, icon?: string): PanelButton {
  const node = document.createElement('vscode-button');
  node.setAttribute('secondary', '');
  if (icon) withCodicons(() => node.setAttribute('icon', icon));
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.textContent = label;
  node.addEventListener('click', () => {
    if (!isDisabled(node)) action();
  });
  return node;
}
