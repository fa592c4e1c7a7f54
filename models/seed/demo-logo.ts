import zlib from 'node:zlib'

/**
 * The demo logo of Pensionskasse Alpha (decision 0053): a PNG drawn here, so the seed needs no image
 * file. A blue emblem with a white mountain and two bars beside it, on a transparent ground.
 */
export function demoLogoPng(): Buffer {
  const width = 160
  const height = 40
  const blue = [0, 84, 147, 255]
  const light = [0, 114, 178, 255]
  const white = [255, 255, 255, 255]
  const none = [0, 0, 0, 0]
  const pixel = (x: number, y: number) => {
    if (x >= 2 && x < 38 && y >= 2 && y < 38) {
      // The mountain: a white triangle on the emblem's lower half.
      const peak = 20
      if (y >= 12 && y < 32 && Math.abs(x - peak) <= (y - 12) * 0.8) return white
      return blue
    }
    if (x >= 46 && x < 156 && y >= 10 && y < 18) return blue
    if (x >= 46 && x < 126 && y >= 24 && y < 30) return light
    return none
  }
  const rows: number[] = []
  for (let y = 0; y < height; y++) {
    rows.push(0)
    for (let x = 0; x < width; x++) rows.push(...pixel(x, y))
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per channel
  header[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
