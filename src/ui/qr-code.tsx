// A QR code of a text as an SVG image ([RCPT-17]: a receipt's public link on the screen's slip). The `qrcode`
// library is imported when the first code is drawn, so it is its own small chunk and no first screen
// carries it; until then, and if it cannot load (offline before it was ever cached), only the text shows.
import { useEffect, useState } from 'react';

export function QrCode({ text, label, size = 128 }: { text: string; label: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ toString }) => toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((drawn) => {
        if (current) setSvg(drawn);
      })
      .catch(() => {
        if (current) setSvg(null);
      });
    return () => {
      current = false;
    };
  }, [text]);
  if (svg === null) return null;
  return (
    <img
      className="qr-code"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={size}
      height={size}
    />
  );
}
