/**
 * Where toasts render. A modal <dialog> sits in the browser's top layer and makes everything
 * outside it inert, so no z-index lifts a toast above it: while dialogs are open the layer lives
 * inside the one opened last, and goes back to the body when none is.
 */
let layer: HTMLDivElement | undefined;
const openDialogs: HTMLDialogElement[] = [];

function place(): void {
  const host = openDialogs.at(-1) ?? document.body;
  if (layer && layer.parentElement !== host) host.append(layer);
}

export function toastLayer(): HTMLDivElement {
  if (!layer) {
    layer = document.createElement('div');
    layer.className = 'toast-layer';
    place();
  }
  return layer;
}

export function dialogOpened(dialog: HTMLDialogElement): void {
  if (!openDialogs.includes(dialog)) openDialogs.push(dialog);
  place();
}

/** Called before the dialog leaves the page, so the toasts inside it stay. */
export function dialogClosed(dialog: HTMLDialogElement): void {
  const index = openDialogs.indexOf(dialog);
  if (index >= 0) openDialogs.splice(index, 1);
  place();
}
