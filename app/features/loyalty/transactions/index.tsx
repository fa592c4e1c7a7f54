/** A placeholder, replaced by the page itself. */
export default function Placeholder() {
  return null
}
