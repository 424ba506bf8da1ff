// auth-js hands the enrolment QR code over as `data:image/svg+xml;utf-8,<svg…>` with the SVG unescaped; any
// '#' in it (colours) would end the URL early and break the image. Re-encode it so it always displays.
const PREFIX = /^data:image\/svg\+xml;(?:utf-8|charset=utf-8),/i;

export function qrImageSource(qrCode: string): string {
  if (PREFIX.test(qrCode)) return svgUrl(qrCode.replace(PREFIX, ''));
  if (qrCode.trimStart().startsWith('<')) return svgUrl(qrCode);
  return qrCode; // already a proper URL (base64 or encoded)
}

function svgUrl(svg: string): string {
  let text = svg;
  try {
    text = decodeURIComponent(svg); // in case it was encoded already: never double-encode
  } catch {
    // not encoded: a literal '%' in the SVG
  }
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
}
