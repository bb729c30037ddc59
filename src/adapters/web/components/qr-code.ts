import { create } from 'qrcode';
import { html, type Html } from '../../page-kit/html';

/** The quiet zone around the code, in modules (the QR standard asks for 4). */
const QUIET = 4;

/**
 * A QR code as an inline SVG, drawn from `qrcode`'s module matrix: no script, no request, nothing the page's
 * Content-Security-Policy has to allow. `label` is what a screen reader announces.
 */
export function qrCode(text: string, label: string): Html {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size + 2 * QUIET;
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    }
  }
  return html`<svg class="qr" role="img" aria-label="${label}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="220" height="220" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
