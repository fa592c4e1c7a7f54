import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { AppLink, isAppPath, isCurrent } from './app-link.tsx'

describe('AppLink', () => {
  it('is a plain anchor for a path of the app or a query, marked for the in-page navigation', () => {
    const html = renderToStaticMarkup(
      <>
        <AppLink to="/app/risk?page=2" className="x">
          Risks
        </AppLink>
        <AppLink to="?step=2" preventScrollReset>
          Next
        </AppLink>
      </>,
    )
    expect(html).toBe('<a href="/app/risk?page=2" data-app-link="" class="x">Risks</a><a href="?step=2" data-app-link="" data-prevent-scroll-reset="">Next</a>')
  })

  it('leaves a path relative to the route to React Router', () => {
    const router = createMemoryRouter([{ path: '/app/risk/:id', element: <AppLink to="edit">Edit</AppLink> }], { initialEntries: ['/app/risk/7'] })
    expect(renderToStaticMarkup(<RouterProvider router={router} />)).toContain('href="/app/risk/7/edit"')
  })

  it('knows what is a path of the app and which navigation entry is current', () => {
    expect(isAppPath('/app')).toBe(true)
    expect(isAppPath('?a=1')).toBe(true)
    expect(isAppPath('//evil.example/app')).toBe(false)
    expect(isAppPath('edit')).toBe(false)
    expect(isCurrent('/app', '/app', true)).toBe(true)
    expect(isCurrent('/app/risk', '/app', true)).toBe(false)
    expect(isCurrent('/app/risk/7', '/app/risk')).toBe(true)
    expect(isCurrent('/app/risky', '/app/risk')).toBe(false)
    expect(isCurrent('/App/Risk', '/app/risk')).toBe(true)
  })
})
