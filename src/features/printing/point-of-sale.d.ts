// The @point-of-sale transports ship JavaScript only. What Tillpoint uses of them (their READMEs): connect()
// asks for a device and never throws, reconnect(device) finds a remembered one without asking, print(bytes)
// sends, 'connected' / 'disconnected' events say what happened, and listen() starts 'data' events with what
// the printer sends back (the status answers of printer-status.ts).
interface PointOfSaleConnectedDevice {
  type: string;
  language?: string;
  codepageMapping?: string;
  [property: string]: unknown;
}

interface PointOfSalePrinter {
  connect(): Promise<void>;
  reconnect(device: Record<string, unknown>): Promise<void>;
  disconnect(): Promise<void>;
  print(data: Uint8Array): Promise<void>;
  addEventListener(event: 'connected', listener: (device: PointOfSaleConnectedDevice) => void): void;
  addEventListener(event: 'disconnected', listener: () => void): void;
  /** The printer's answers (WebUSB and Web Bluetooth: a DataView; Web Serial: a Uint8Array). */
  addEventListener(event: 'data', listener: (data: DataView | Uint8Array) => void): void;
  /** Starts reading the printer's answers; false (or nothing) where this printer cannot send any. */
  listen?(): boolean | undefined | Promise<boolean | undefined>;
}

// Each transport is a class with the same surface (Web Serial also takes a baud rate).
declare module '@point-of-sale/webusb-receipt-printer' {
  const WebUSBReceiptPrinter: new () => PointOfSalePrinter;
  export default WebUSBReceiptPrinter;
}

declare module '@point-of-sale/webserial-receipt-printer' {
  const WebSerialReceiptPrinter: new (options?: { baudRate?: number }) => PointOfSalePrinter;
  export default WebSerialReceiptPrinter;
}

declare module '@point-of-sale/webbluetooth-receipt-printer' {
  const WebBluetoothReceiptPrinter: new () => PointOfSalePrinter;
  export default WebBluetoothReceiptPrinter;
}
