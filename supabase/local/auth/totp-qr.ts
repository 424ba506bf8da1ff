// The `qr_code` of a TOTP enrolment: the otpauth URI as an SVG QR code, as GoTrue returns it, so an
// authenticator app can scan it from the screen (supabase-js only prefixes it with a data: URL).
import QRCode from 'qrcode';

export function totpQrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 200 });
}
