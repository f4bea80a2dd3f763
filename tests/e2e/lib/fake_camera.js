// A fake camera for the browser tests of pairing by camera (issue 34): a picture (a PNG, e.g. a
// Playwright screenshot of a page showing a QR code) as a y4m video that Chromium films instead
// of a camera:
//
//   writeY4m(png, 'code.y4m', { frames: 2 });
//   launchBrowser({ extraArgs: fakeCameraArgs('code.y4m') });
//
// When Chromium reads the file (Chromium 156 here; scan.test.js "the fake camera is read when
// getUserMedia starts it" keeps this true): when a page's getUserMedia starts the camera, NOT at
// launch. A browser launched before the file exists films the file written afterwards, and once
// every track of the camera has stopped, the next getUserMedia opens the file again, so it films
// a rewritten file (tried with the same 640 x 480 size; another size is untested). The real
// pairing test may therefore launch both browsers first and write the scanning side's file
// once the other browser shows its code, before the scanning side starts its camera. The
// launch flag must name the file's final path; Chromium loops the file's frames.
//
// No npm dependency: the PNG is decoded here (8-bit grey, grey+alpha, RGB, RGBA or palette,
// non-interlaced, which is what Chromium's screenshots are) with Node's zlib.
const fs = require('node:fs');
const zlib = require('node:zlib');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Decodes a PNG into RGB on `background` (alpha composited).
 * @param {Buffer} png
 * @param {number} [background] grey level behind transparent pixels (255: white)
 * @returns {{ width: number, height: number, rgb: Buffer }}
 */
function readPng(png, background = 255) {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  let header = null;
  let palette = null;
  let transparency = null;
  const data = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8],
        colour: body[9],
        interlace: body[12],
      };
    } else if (type === 'PLTE') {
      palette = body;
    } else if (type === 'tRNS') {
      transparency = body;
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length;
  }
  if (!header) throw new Error('PNG without IHDR');
  const { width, height, depth, colour, interlace } = header;
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colour];
  if (depth !== 8 || !channels || interlace !== 0) {
    throw new Error(`PNG not supported: bit depth ${depth}, colour type ${colour}, interlace ${interlace} (8-bit, non-interlaced only)`);
  }
  if (colour === 3 && !palette) throw new Error('palette PNG without PLTE');
  const raw = zlib.inflateSync(Buffer.concat(data));
  const stride = width * channels;
  if (raw.length < height * (stride + 1)) throw new Error('PNG data too short');
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = pixels.subarray(y * stride, (y + 1) * stride);
    const prior = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : null;
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? out[i - channels] : 0;
      const b = prior ? prior[i] : 0;
      const c = prior && i >= channels ? prior[i - channels] : 0;
      let predictor;
      switch (filter) {
        case 0: predictor = 0; break;
        case 1: predictor = a; break;
        case 2: predictor = b; break;
        case 3: predictor = (a + b) >> 1; break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default: throw new Error(`PNG filter ${filter} on row ${y}`);
      }
      out[i] = (line[i] + predictor) & 0xff;
    }
  }
  const rgb = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    let r;
    let g;
    let b;
    let alpha = 255;
    const s = p * channels;
    if (colour === 0 || colour === 4) {
      r = g = b = pixels[s];
      if (colour === 4) alpha = pixels[s + 1];
    } else if (colour === 3) {
      const index = pixels[s];
      [r, g, b] = [palette[index * 3], palette[index * 3 + 1], palette[index * 3 + 2]];
      if (transparency && index < transparency.length) alpha = transparency[index];
    } else {
      [r, g, b] = [pixels[s], pixels[s + 1], pixels[s + 2]];
      if (colour === 6) alpha = pixels[s + 3];
    }
    const over = (v) => Math.round((v * alpha + background * (255 - alpha)) / 255);
    rgb[p * 3] = over(r);
    rgb[p * 3 + 1] = over(g);
    rgb[p * 3 + 2] = over(b);
  }
  return { width, height, rgb };
}

/**
 * Writes `png` (a path or a Buffer) as a YUV 4:2:0 y4m video of `frames` identical frames at
 * 30 fps, for `--use-file-for-fake-video-capture`. The picture is centred on a `background`
 * grey canvas at least `width` × `height` (default: the picture's own size), padded to even
 * sides (4:2:0 needs them). Colours: BT.601, limited range, as Chromium reads y4m.
 * @param {string | Buffer} png
 * @param {string} y4mPath
 * @param {{ frames?: number, width?: number, height?: number, background?: number }} [opts]
 * @returns {{ width: number, height: number, frames: number, path: string }}
 */
function writeY4m(png, y4mPath, opts = {}) {
  const frames = opts.frames ?? 2;
  const background = opts.background ?? 255;
  const picture = readPng(Buffer.isBuffer(png) ? png : fs.readFileSync(png), background);
  const even = (n) => n + (n % 2);
  const width = even(Math.max(picture.width, opts.width || 0));
  const height = even(Math.max(picture.height, opts.height || 0));
  const left = (width - picture.width) >> 1;
  const top = (height - picture.height) >> 1;
  const rgbAt = (x, y) => {
    const px = x - left;
    const py = y - top;
    if (px < 0 || py < 0 || px >= picture.width || py >= picture.height) return [background, background, background];
    const at = (py * picture.width + px) * 3;
    return [picture.rgb[at], picture.rgb[at + 1], picture.rgb[at + 2]];
  };
  const clamp = (v) => Math.max(0, Math.min(255, Math.round(v)));
  const lumaPlane = Buffer.alloc(width * height);
  const uPlane = Buffer.alloc((width / 2) * (height / 2));
  const vPlane = Buffer.alloc((width / 2) * (height / 2));
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let [sr, sg, sb] = [0, 0, 0];
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
        const [r, g, b] = rgbAt(x + dx, y + dy);
        lumaPlane[(y + dy) * width + x + dx] = clamp(16 + 0.257 * r + 0.504 * g + 0.098 * b);
        sr += r;
        sg += g;
        sb += b;
      }
      const [r, g, b] = [sr / 4, sg / 4, sb / 4];
      const at = (y / 2) * (width / 2) + x / 2;
      uPlane[at] = clamp(128 - 0.148 * r - 0.291 * g + 0.439 * b);
      vPlane[at] = clamp(128 + 0.439 * r - 0.368 * g - 0.071 * b);
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), lumaPlane, uPlane, vPlane]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(y4mPath, Buffer.concat([header, ...Array(frames).fill(frame)]));
  return { width, height, frames, path: y4mPath };
}

/** Chromium's flags for a fake camera that films `y4mPath` (permission: launchBrowser grants it). */
function fakeCameraArgs(y4mPath) {
  return ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${y4mPath}`];
}

module.exports = { readPng, writeY4m, fakeCameraArgs };
