// Placeholder while the page is built (issue 27).
export default function Page() {
  return null
}
