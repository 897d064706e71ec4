// Generative cover art as SVG: a handful of styles (waves, soft blobs, bokeh, sunset, hills,
// Bauhaus tiles, vinyl, rings, stripes, leaves, night sky, equalizer). Every style scales to
// any size, so one channel gets a matching square cover and wide landscape. No text.
import { Rng } from './random';

export type ArtStyle =
  | 'waves'
  | 'blobs'
  | 'bokeh'
  | 'sunset'
  | 'hills'
  | 'bauhaus'
  | 'vinyl'
  | 'rings'
  | 'stripes'
  | 'leaves'
  | 'night'
  | 'equalizer';

/** Four colours, darkest or most saturated first. */
export type Palette = [string, string, string, string];

const f = (n: number): string => n.toFixed(1);

function defsGradient(id: string, a: string, b: string, angle = 135): string {
  const rad = (angle * Math.PI) / 180;
  const x = Math.cos(rad) / 2;
  const y = Math.sin(rad) / 2;
  return `<linearGradient id="${id}" x1="${f(0.5 - x)}" y1="${f(0.5 - y)}" x2="${f(0.5 + x)}" y2="${f(0.5 + y)}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
}

function wavePath(w: number, h: number, baseY: number, amp: number, rng: Rng): string {
  const k1 = rng.range(1, 2.2);
  const k2 = rng.range(2.5, 4.5);
  const p1 = rng.range(0, 6.28);
  const p2 = rng.range(0, 6.28);
  let d = `M0 ${f(h)} `;
  const steps = 48;
  for (let i = 0; i <= steps; i++) {
    const x = (i / steps) * w;
    const u = (i / steps) * Math.PI * 2;
    const y = baseY + amp * (Math.sin(u * k1 + p1) * 0.7 + Math.sin(u * k2 + p2) * 0.3);
    d += `L${f(x)} ${f(y)} `;
  }
  return `${d}L${f(w)} ${f(h)} Z`;
}

export function artSvg(style: ArtStyle, palette: Palette, w: number, h: number, seed: number): string {
  const rng = new Rng(seed);
  const [c0, c1, c2, c3] = palette;
  const s = Math.min(w, h);
  let defs = '';
  let body = '';
  switch (style) {
    case 'waves': {
      defs += defsGradient('bg', c3, c2, 100);
      body += `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
      const layers = 5;
      for (let i = 0; i < layers; i++) {
        const col = [c2, c1, c1, c0, c0][i]!;
        defs += defsGradient(`w${i}`, col, i % 2 ? c0 : c1, 90);
        body += `<path d="${wavePath(w, h, h * (0.3 + i * 0.14), s * (0.05 + rng.range(0, 0.05)), rng)}" fill="url(#w${i})" opacity="${f(0.45 + i * 0.12)}"/>`;
      }
      break;
    }
    case 'blobs': {
      body += `<rect width="${w}" height="${h}" fill="${c0}"/>`;
      defs += `<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(s * 0.11)}"/></filter>`;
      let g = '';
      const count = Math.round(4 * Math.max(1, w / h));
      for (let i = 0; i < count; i++) {
        const col = [c1, c2, c3][i % 3]!;
        const cx = ((i + rng.range(0.1, 0.9)) / count) * w;
        g += `<circle cx="${f(cx)}" cy="${f(rng.range(0.15, 0.85) * h)}" r="${f(s * rng.range(0.22, 0.4))}" fill="${col}" opacity="${f(rng.range(0.75, 0.95))}"/>`;
      }
      body += `<g filter="url(#blur)">${g}</g>`;
      break;
    }
    case 'bokeh': {
      defs += `<radialGradient id="bg" cx="0.3" cy="0.3" r="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c0}"/></radialGradient>`;
      defs += `<filter id="soft"><feGaussianBlur stdDeviation="${f(s * 0.012)}"/></filter>`;
      body += `<rect width="${w}" height="${h}" fill="url(#bg)"/><g filter="url(#soft)">`;
      const n = Math.round(14 + ((w * h) / (s * s)) * 8);
      for (let i = 0; i < n; i++) {
        const r = s * rng.range(0.03, 0.13);
        body += `<circle cx="${f(rng.next() * w)}" cy="${f(rng.next() * h)}" r="${f(r)}" fill="${rng.pick([c2, c3, c3, '#ffffff'])}" opacity="${f(rng.range(0.12, 0.45))}"/>`;
      }
      body += '</g>';
      break;
    }
    case 'sunset': {
      defs += defsGradient('sky', c3, c2, 90);
      defs += defsGradient('sun', '#fff4d6', c1, 90);
      const horizon = h * 0.68;
      const r = s * 0.26;
      const cx = w * (w > h ? 0.62 : 0.5);
      body += `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
      defs += `<clipPath id="sunclip"><rect x="0" y="0" width="${w}" height="${f(horizon)}"/></clipPath>`;
      let stripes = '';
      for (let i = 0; i < 5; i++)
        stripes += `<rect x="0" y="${f(horizon - r * 0.12 - i * r * 0.17)}" width="${w}" height="${f(r * 0.035 * (5 - i) * 0.6)}" fill="${c2}"/>`;
      body += `<g clip-path="url(#sunclip)"><circle cx="${f(cx)}" cy="${f(horizon - r * 0.15)}" r="${f(r)}" fill="url(#sun)"/>${stripes}</g>`;
      body += `<path d="${wavePath(w, h, horizon + s * 0.02, s * 0.02, rng)}" fill="${c1}" opacity="0.85"/>`;
      body += `<path d="${wavePath(w, h, horizon + s * 0.12, s * 0.03, rng)}" fill="${c0}"/>`;
      break;
    }
    case 'hills': {
      defs += defsGradient('sky', c3, '#ffffff', 90);
      body += `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
      body += `<circle cx="${f(w * rng.range(0.2, 0.8))}" cy="${f(h * 0.28)}" r="${f(s * 0.09)}" fill="#ffffff" opacity="0.8"/>`;
      const cols = [c2, c1, c0, c0];
      for (let i = 0; i < 4; i++) {
        const base = h * (0.45 + i * 0.15);
        let d = `M0 ${h} L0 ${f(base)} `;
        let y = base;
        const step = w / 10;
        for (let x = 0; x <= w + step; x += step) {
          y = base + rng.range(-1, 1) * s * 0.08;
          d += `Q${f(x - step / 2)} ${f(y - s * rng.range(0.02, 0.1))} ${f(x)} ${f(y)} `;
        }
        body += `<path d="${d} L${w} ${h} Z" fill="${cols[i]}" opacity="${f(0.55 + i * 0.15)}"/>`;
      }
      break;
    }
    case 'bauhaus': {
      body += `<rect width="${w}" height="${h}" fill="${c3}"/>`;
      const cell = s / 3;
      const cols = Math.ceil(w / cell);
      const rows = Math.ceil(h / cell);
      for (let cy = 0; cy < rows; cy++) {
        for (let cx = 0; cx < cols; cx++) {
          const x = cx * cell;
          const y = cy * cell;
          const col = rng.pick([c0, c1, c2, c2]);
          const kind = rng.int(0, 4);
          const rot = rng.int(0, 3) * 90;
          const tr = `rotate(${rot} ${f(x + cell / 2)} ${f(y + cell / 2)})`;
          if (kind === 0)
            body += `<path d="M${f(x)} ${f(y)} L${f(x + cell)} ${f(y)} A${f(cell)} ${f(cell)} 0 0 1 ${f(x)} ${f(y + cell)} Z" fill="${col}" transform="${tr}"/>`;
          else if (kind === 1)
            body += `<circle cx="${f(x + cell / 2)}" cy="${f(y + cell / 2)}" r="${f(cell * 0.38)}" fill="${col}"/>`;
          else if (kind === 2)
            body += `<path d="M${f(x)} ${f(y + cell)} L${f(x + cell)} ${f(y + cell)} L${f(x)} ${f(y)} Z" fill="${col}" transform="${tr}"/>`;
          else if (kind === 3)
            body += `<path d="M${f(x)} ${f(y + cell / 2)} A${f(cell / 2)} ${f(cell / 2)} 0 0 1 ${f(x + cell)} ${f(y + cell / 2)} Z" fill="${col}" transform="${tr}"/>`;
          else
            body += `<rect x="${f(x + cell * 0.15)}" y="${f(y + cell * 0.15)}" width="${f(cell * 0.7)}" height="${f(cell * 0.7)}" rx="${f(cell * 0.08)}" fill="${col}" opacity="0.85"/>`;
        }
      }
      break;
    }
    case 'vinyl': {
      defs += defsGradient('bg', c1, c0, 135);
      body += `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
      const r = s * 0.42;
      const cx = w > h ? w * 0.72 : w * 0.58;
      const cy = h * 0.55;
      body += `<circle cx="${f(cx + s * 0.03)}" cy="${f(cy + s * 0.04)}" r="${f(r)}" fill="#000" opacity="0.25"/>`;
      body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="#17161c"/>`;
      for (let i = 0; i < 14; i++)
        body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * (0.42 + i * 0.04))}" fill="none" stroke="#ffffff" stroke-opacity="${f(0.04 + (i % 3) * 0.02)}" stroke-width="${f(s * 0.004)}"/>`;
      body += `<path d="M${f(cx - r * 0.7)} ${f(cy - r * 0.7)} A${f(r)} ${f(r)} 0 0 1 ${f(cx + r * 0.2)} ${f(cy - r * 0.98)}" stroke="#ffffff" stroke-opacity="0.12" stroke-width="${f(s * 0.05)}" fill="none"/>`;
      body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.33)}" fill="${c2}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.33)}" fill="none" stroke="${c3}" stroke-width="${f(s * 0.012)}" opacity="0.7"/>`;
      body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.04)}" fill="${c0}"/>`;
      break;
    }
    case 'rings': {
      defs += defsGradient('bg', c0, c1, 45);
      defs += defsGradient('st', c3, c2, 0);
      body += `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
      const cx = w * rng.range(0.25, 0.45);
      const cy = h * rng.range(0.55, 0.75);
      for (let i = 1; i <= 12; i++)
        body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(s * 0.08 * i)}" fill="none" stroke="url(#st)" stroke-width="${f(s * 0.012 * (1 + (i % 3)))}" opacity="${f(Math.max(0.08, 0.85 - i * 0.065))}"/>`;
      body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(s * 0.05)}" fill="${c3}"/>`;
      break;
    }
    case 'stripes': {
      body += `<rect width="${w}" height="${h}" fill="${c0}"/>`;
      const n = 9;
      const band = (w + h) / n;
      let g = '';
      for (let i = 0; i < n + 2; i++) {
        const col = [c1, c2, c3, c2][i % 4]!;
        g += `<rect x="${f(-h + i * band)}" y="${f(-h)}" width="${f(band * rng.range(0.35, 0.7))}" height="${f(h * 3)}" fill="${col}" opacity="${f(rng.range(0.5, 0.95))}"/>`;
      }
      body += `<g transform="rotate(-28 ${f(w / 2)} ${f(h / 2)})">${g}</g>`;
      defs += defsGradient('shade', '#000000', '#000000', 90);
      body += `<rect width="${w}" height="${h}" fill="${c0}" opacity="0.18"/>`;
      break;
    }
    case 'leaves': {
      defs += defsGradient('bg', c3, '#fffaf0', 120);
      body += `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
      const n = Math.round(10 + ((w * h) / (s * s)) * 6);
      for (let i = 0; i < n; i++) {
        const x = rng.next() * w;
        const y = rng.next() * h;
        const len = s * rng.range(0.18, 0.38);
        const col = rng.pick([c0, c1, c2]);
        const rot = rng.range(0, 360);
        body += `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})" opacity="${f(rng.range(0.7, 1))}"><path d="M0 0 Q${f(len * 0.5)} ${f(-len * 0.32)} ${f(len)} 0 Q${f(len * 0.5)} ${f(len * 0.32)} 0 0 Z" fill="${col}"/><path d="M0 0 L${f(len * 0.92)} 0" stroke="${c3}" stroke-width="${f(s * 0.004)}" opacity="0.6"/></g>`;
      }
      break;
    }
    case 'night': {
      defs += defsGradient('sky', c0, c1, 90);
      body += `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
      const n = Math.round(40 + ((w * h) / (s * s)) * 30);
      for (let i = 0; i < n; i++)
        body += `<circle cx="${f(rng.next() * w)}" cy="${f(rng.next() * h * 0.7)}" r="${f(s * rng.range(0.002, 0.007))}" fill="#fff" opacity="${f(rng.range(0.4, 1))}"/>`;
      const mx = w * 0.75;
      const my = h * 0.26;
      const mr = s * 0.1;
      body += `<circle cx="${f(mx)}" cy="${f(my)}" r="${f(mr)}" fill="${c3}"/><circle cx="${f(mx + mr * 0.45)}" cy="${f(my - mr * 0.2)}" r="${f(mr * 0.9)}" fill="${c0}" opacity="0.92"/>`;
      let x = 0;
      let sky = `M0 ${h} `;
      while (x < w) {
        const bw = s * rng.range(0.05, 0.12);
        const bh = h * rng.range(0.12, 0.34);
        sky += `L${f(x)} ${f(h - bh)} L${f(x + bw)} ${f(h - bh)} `;
        x += bw;
      }
      body += `<path d="${sky} L${w} ${h} Z" fill="${c2}" opacity="0.95"/>`;
      for (let i = 0; i < n / 2; i++)
        body += `<rect x="${f(rng.next() * w)}" y="${f(h - rng.range(0.02, 0.26) * h)}" width="${f(s * 0.01)}" height="${f(s * 0.014)}" fill="${c3}" opacity="${f(rng.range(0.3, 0.8))}"/>`;
      break;
    }
    case 'equalizer': {
      defs += defsGradient('bg', c0, c1, 120);
      defs += defsGradient('bar', c3, c2, 90);
      body += `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
      const n = Math.round(w / (s * 0.075));
      const bw = w / n;
      for (let i = 0; i < n; i++) {
        const env = 0.35 + 0.5 * Math.sin((i / n) * Math.PI) ** 2;
        const bh = h * env * rng.range(0.4, 1);
        body += `<rect x="${f(i * bw + bw * 0.18)}" y="${f(h / 2 - bh / 2)}" width="${f(bw * 0.64)}" height="${f(bh)}" rx="${f(bw * 0.32)}" fill="url(#bar)" opacity="${f(0.75 + rng.range(0, 0.25))}"/>`;
      }
      break;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}
