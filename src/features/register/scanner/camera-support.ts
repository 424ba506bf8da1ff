// Whether this browser can read barcodes from the camera: the BarcodeDetector API (Chromium on Android,
// ChromeOS, macOS) and a camera. TypeScript's DOM types do not describe BarcodeDetector yet, so the few
// members used are declared here.
export interface DetectedBarcode {
  rawValue: string;
}

export interface BarcodeDetectorLike {
  detect: (source: HTMLVideoElement) => Promise<DetectedBarcode[]>;
}

export type BarcodeDetectorClass = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

export function barcodeDetectorClass(): BarcodeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
  return typeof candidate === 'function' ? (candidate as BarcodeDetectorClass) : null;
}

export function canScanWithCamera(): boolean {
  // mediaDevices is missing outside secure contexts (plain http on a LAN address).
  return barcodeDetectorClass() !== null && 'mediaDevices' in navigator;
}
