/*
 * A date and a time of day as entered in Zurich, and the instant they name. A breach's discovery and
 * its notification are entered as wall-clock time in Europe/Zurich and stored as timestamptz; across
 * a change of daylight saving time the offset comes from the zone's rules, never from a fixed +01:00.
 */

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Zurich',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** The wall-clock time in Zurich of an instant, as 'YYYY-MM-DD' and 'HH:mm'. */
export function zurichWallClock(instant: Date): { day: string; time: string } {
  const p = Object.fromEntries(parts.formatToParts(instant).map((x) => [x.type, x.value]))
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` }
}

/** Milliseconds Zurich is ahead of UTC at an instant. */
function offsetAt(ms: number): number {
  const { day, time } = zurichWallClock(new Date(ms))
  const local = Date.parse(`${day}T${time}:00Z`)
  return local - Math.floor(ms / 60_000) * 60_000
}

/**
 * The instant of a wall-clock time in Zurich ('YYYY-MM-DD', 'HH:mm'), or null for a time that does
 * not exist there (the hour skipped when summer time begins). In the hour that repeats in autumn the
 * earlier instant is meant.
 */
export function zurichInstant(day: string, time: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return null
  const local = Date.parse(`${day}T${time}:00Z`)
  if (Number.isNaN(local)) return null
  // The earlier of the two candidate offsets first (the repeated hour in autumn is its first pass).
  const candidates = [local - offsetAt(local - 3 * 3_600_000), local - offsetAt(local + 3 * 3_600_000)].sort((a, b) => a - b)
  for (const ms of candidates) {
    const back = zurichWallClock(new Date(ms))
    if (back.day === day && back.time === time) return new Date(ms)
  }
  return null
}

/** A time of day as 'HH:mm' (also 'H:mm'), or null. */
export function parseTime(value: string): string | null {
  const m = value.trim().match(/^(\d{1,2})[:.](\d{2})$/)
  if (!m) return null
  const h = Number(m[1])
  const min = Number(m[2])
  if (h > 23 || min > 59) return null
  return `${String(h).padStart(2, '0')}:${m[2]}`
}
