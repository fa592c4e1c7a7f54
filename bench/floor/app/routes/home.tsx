// The one page of the floor: about what the app's trivial page (/imprint) shows, without its data.
export function meta() {
  return [{ title: 'Impressum' }]
}

export default function Home() {
  return (
    <main>
      <h1>Impressum</h1>
      <p>Vorsorge RM, Musterstrasse 1, 8000 Zürich</p>
      <p>
        <a href="/">Zurück</a>
      </p>
    </main>
  )
}
