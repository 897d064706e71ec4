// Hand-written SVGs for the web's default images, and the HTML of the remaining defaults
// (rendered to raster like the rest of the artwork).

/** Default player image: an equalizer with a pulse line. */
export const PULSE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="Lejátszó">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1e1b3a"/>
      <stop offset="1" stop-color="#2d2466"/>
    </linearGradient>
    <linearGradient id="bar" x1="0" y1="1" x2="0" y2="0">
      <stop offset="0" stop-color="#5eead4"/>
      <stop offset="1" stop-color="#a78bfa"/>
    </linearGradient>
  </defs>
  <rect width="256" height="256" rx="40" fill="url(#bg)"/>
  <g fill="url(#bar)" opacity="0.9">
    <rect x="40" y="112" width="16" height="32" rx="8"/>
    <rect x="66" y="92" width="16" height="72" rx="8"/>
    <rect x="92" y="70" width="16" height="116" rx="8"/>
    <rect x="118" y="52" width="16" height="152" rx="8"/>
    <rect x="144" y="80" width="16" height="96" rx="8"/>
    <rect x="170" y="100" width="16" height="56" rx="8"/>
    <rect x="196" y="116" width="16" height="24" rx="8"/>
  </g>
  <path d="M24 128 H70 L86 96 L104 170 L124 64 L142 188 L160 112 L174 140 L186 128 H232" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`;

/** Placeholder for a playlist without tracks: four soft tiles and a note. */
export const PLAYLIST_PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="Üres lista">
  <rect width="400" height="400" fill="#eef0f6"/>
  <rect x="20" y="20" width="174" height="174" rx="18" fill="#dde1ee"/>
  <rect x="206" y="20" width="174" height="174" rx="18" fill="#e6e3f1"/>
  <rect x="20" y="206" width="174" height="174" rx="18" fill="#e3ebef"/>
  <rect x="206" y="206" width="174" height="174" rx="18" fill="#dfe3ea"/>
  <circle cx="200" cy="200" r="78" fill="#ffffff" opacity="0.92"/>
  <g fill="#8a90a8">
    <path d="M180 158 L236 146 V226 a16 13 0 1 1 -10 -12 V172 L190 180 V238 a16 13 0 1 1 -10 -12 Z"/>
  </g>
</svg>
`;

/** Default customer logo: a radio mark with sound waves (rendered to JPEG). */
export const RADIO_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#0f766e"/></linearGradient>
  </defs>
  <rect width="256" height="256" fill="url(#bg)"/>
  <circle cx="128" cy="128" r="100" fill="#ffffff" opacity="0.06"/>
  <g fill="none" stroke="#ffffff" stroke-linecap="round" stroke-width="12">
    <path d="M92 92 a52 52 0 0 0 0 72" opacity="0.9"/>
    <path d="M164 92 a52 52 0 0 1 0 72" opacity="0.9"/>
    <path d="M66 66 a88 88 0 0 0 0 124" opacity="0.55"/>
    <path d="M190 66 a88 88 0 0 1 0 124" opacity="0.55"/>
  </g>
  <circle cx="128" cy="128" r="20" fill="#ffffff"/>
  <circle cx="128" cy="128" r="8" fill="#5eead4"/>
</svg>`;
