import { describe, expect, it } from 'vitest'
import { loggedPath } from './logged-path.ts'

describe('the path a log line shows', () => {
  it('drops the query and hides the secret of a personal declaration link, nothing else', () => {
    const token = 'Q2hhbmdlIHRoaXMgc2VjcmV0IHRvIGEgbmV3IG9uZSE_abcdefghij'
    expect(loggedPath(`/declaration/${token}`)).toBe('/declaration/:token')
    expect(loggedPath(`/declaration/${token}.data?_routes=x`)).toBe('/declaration/:token')
    expect(loggedPath('/pwdreset?token=secret')).toBe('/pwdreset')
    expect(loggedPath('/app/loyalty/declarations/5d9c1b7e-0000-4000-8000-000000000000')).toBe('/app/loyalty/declarations/5d9c1b7e-0000-4000-8000-000000000000')
  })
})
