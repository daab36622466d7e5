/**
 * The corner away from what the admin acted on: top when it is in the lower half of the window,
 * bottom otherwise. A toast over the row's own buttons hid them, and a pointer resting on the
 * button it had covered held it open (antd pauses a toast under the pointer).
 */
export function placementAwayFrom(near: Pick<DOMRect, 'top' | 'bottom'> | undefined, windowHeight: number): 'topRight' | 'bottomRight' {
  if (!near) return 'bottomRight';
  return (near.top + near.bottom) / 2 > windowHeight / 2 ? 'topRight' : 'bottomRight';
}
