import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { backupAgeSeconds } from './backup-record.server.ts'

const before = process.env.DATA_DIR
afterEach(() => {
  if (before === undefined) delete process.env.DATA_DIR
  else process.env.DATA_DIR = before
})

describe('the backup age /metrics reports', () => {
  it('is the age of the newest whole backup; none, or only a partial one, is null', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-age-'))
    process.env.DATA_DIR = dir
    expect(backupAgeSeconds()).toBeNull()
    const backups = path.join(dir, 'backups')
    fs.mkdirSync(backups)
    const now = Date.now()
    const write = (name: string, secondsAgo: number) => {
      const file = path.join(backups, name)
      fs.writeFileSync(file, 'x')
      const at = new Date(now - secondsAgo * 1000)
      fs.utimesSync(file, at, at)
    }
    write('vorsorge-2026-11-27T020000Z.tar.gz.partial', 60)
    write('last-run.json', 10)
    expect(backupAgeSeconds(now)).toBeNull()
    write('vorsorge-2026-11-26T020000Z.tar.gz', 2 * 86_400)
    write('vorsorge-2026-11-27T020000Z.tar.gz', 3_600)
    expect(backupAgeSeconds(now)).toBe(3_600)
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
