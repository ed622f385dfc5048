// Builds DOM elements with attributes and text only: the panel never parses HTML.

/** An element with attributes and, optionally, its text (set with textContent, never as markup). */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A button that runs `action` on click (and so on Enter and Space), with a codicon before its label when given. */
export function button(label: string, action: () => void, attributes: Record<string, string> = {}, icon?: string): HTMLButtonElement {
  const node = element('button', { type: 'button', ...attributes });
  if (icon) node.append(element('span', { class: `codicon codicon-${icon}`, 'aria-hidden': 'true' }));
  node.append(document.createTextNode(label));
  node.addEventListener('click', action);
  return node;
}
