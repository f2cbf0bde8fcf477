/**
 * Header menus as disclosures (a button that shows or hides a list of links): the WAI
 * pattern for site navigation, not an ARIA menu. Without scripting the layout's CSS hides
 * the buttons and shows every link; with it the menus are folded from the first paint
 * (`@media (scripting: enabled)`), so this script only wires the buttons.
 */
export function enableDisclosures(root: Document): void {
  const toggles = [...root.querySelectorAll<HTMLButtonElement>('button[data-disclosure]')];
  const panelOf = (button: HTMLButtonElement) =>
    root.getElementById(button.getAttribute('aria-controls') ?? '');
  const isOpen = (button: HTMLButtonElement) => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (button: HTMLButtonElement, open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    panelOf(button)?.classList.toggle('is-open', open);
  };

  for (const button of toggles) {
    button.hidden = false;
    button.addEventListener('click', () => setOpen(button, !isOpen(button)));
  }
  // Escape closes the open menu and gives focus back to its button.
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const button of toggles.filter(isOpen).reverse()) {
      setOpen(button, false);
      button.focus();
      return;
    }
  });
  // A click or focus elsewhere closes a menu, as users expect of a dropdown.
  const closeOutside = (event: Event) => {
    for (const button of toggles.filter(isOpen)) {
      const target = event.target as Node;
      if (!button.contains(target) && !panelOf(button)?.contains(target)) setOpen(button, false);
    }
  };
  root.addEventListener('click', closeOutside);
  root.addEventListener('focusin', closeOutside);
}
