import { describe, expect, it } from 'vitest'
import { param, parseListQuery } from './list-params.ts'

const SORTS = ['title', 'due'] as const
const PARAMS = {
  state: ['state', param.oneOf(['open', 'done'] as const)],
  owner: ['ownerUserId', param.uuid],
  open: ['open', param.checked],
  strategic: ['strategic', param.yesNo],
  q: ['q', param.text(5)],
} as const

describe('parseListQuery', () => {
  it('reads known values into the filter and keeps the raw values for the form', () => {
    const url = new URL(
      'http://x/list?state=done&owner=0190c5a4-8f3e-7c1a-9b2d-4e5f6a7b8c9d&open=yes&strategic=no&q=%20abcdefgh%20&sort=due&dir=desc&page=2&size=50',
    )
    const { filter, table, values, filtered } = parseListQuery(url, SORTS, PARAMS)
    expect(filter).toEqual({
      state: 'done',
      ownerUserId: '0190c5a4-8f3e-7c1a-9b2d-4e5f6a7b8c9d',
      open: true,
      strategic: false,
      q: 'abcde',
      sort: 'due',
      dir: 'desc',
    })
    expect(table).toEqual({ page: 2, pageSize: 50, offset: 50, sort: 'due', dir: 'desc' })
    expect(values.q).toBe('abcdefgh')
    expect(filtered).toBe(true)
  })

  it('ignores unknown values and falls back to the defaults given', () => {
    const url = new URL('http://x/list?state=gone&owner=nope&open=1&strategic=maybe&sort=evil')
    const { filter, table, filtered } = parseListQuery(url, SORTS, PARAMS, { sort: 'due', dir: 'desc' })
    expect(filter).toEqual({ state: undefined, ownerUserId: undefined, open: false, strategic: undefined, q: undefined, sort: 'due', dir: 'desc' })
    expect(table.page).toBe(1)
    expect(filtered).toBe(true)
    expect(parseListQuery(new URL('http://x/list'), SORTS, PARAMS).filtered).toBe(false)
    expect(parseListQuery(new URL('http://x/list'), SORTS, PARAMS).table.sort).toBe('title')
  })
})
