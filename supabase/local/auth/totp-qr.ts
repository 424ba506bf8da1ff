// The `qr_code` of a TOTP enrolment. GoTrue renders the otpauth URI as a QR code; the local stack has no QR
// encoder (none is installed, and this is a development stand-in), so it returns an SVG card that says so
// and shows the secret to type into an authenticator app. supabase-js only prefixes it with a data: URL.

const escape = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function totpQrCodeSvg(secret: string, uri: string): string {
  const groups = secret.match(/.{1,4}/g)?.join(' ') ?? secret;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160" viewBox="0 0 320 160">',
    `<desc>${escape(uri)}</desc>`,
    '<rect width="320" height="160" rx="12" fill="#fff" stroke="#9ca3af"/>',
    '<text x="160" y="36" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#374151">Local stack: no QR code.</text>',
    '<text x="160" y="58" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#374151">Enter this key in your authenticator:</text>',
    `<text x="160" y="100" font-family="monospace" font-size="15" text-anchor="middle" fill="#111827">${escape(groups)}</text>`,
    '</svg>',
  ].join('');
}
