/**
 * A line that scrolls sideways shows a shadow at each edge where more follows (covers in the
 * element's own colour scroll with the content and hide the shadow at the ends). Pure CSS, so it
 * works without JavaScript.
 */
export function scrollHint(surface: string, shadow: string) {
  return {
    background: [
      `linear-gradient(to right, ${surface} 30%, transparent) left center / 2.5rem 100% no-repeat local`,
      `linear-gradient(to left, ${surface} 30%, transparent) right center / 2.5rem 100% no-repeat local`,
      `radial-gradient(farthest-side at 0 50%, ${shadow}, transparent) left center / 1.1rem 100% no-repeat scroll`,
      `radial-gradient(farthest-side at 100% 50%, ${shadow}, transparent) right center / 1.1rem 100% no-repeat scroll`,
      surface,
    ].join(', '),
  }
}
