// The @point-of-sale transports ship JavaScript only. What Tillpoint uses of them (their READMEs): connect()
// asks for a device and never throws, reconnect(device) finds a remembered one without asking, print(bytes)
// sends, and 'connected' / 'disconnected' events say what happened.
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
}

declare module '@point-of-sale/webusb-receipt-printer' {
  export default class WebUSBReceiptPrinter implements PointOfSalePrinter {
    connect(): Promise<void>;
    reconnect(device: Record<string, unknown>): Promise<void>;
    disconnect(): Promise<void>;
    print(data: Uint8Array): Promise<void>;
    addEventListener(event: 'connected', listener: (device: PointOfSaleConnectedDevice) => void): void;
    addEventListener(event: 'disconnected', listener: () => void): void;
  }
}

declare module '@point-of-sale/webserial-receipt-printer' {
  export default class WebSerialReceiptPrinter implements PointOfSalePrinter {
    constructor(options?: { baudRate?: number });
    connect(): Promise<void>;
    reconnect(device: Record<string, unknown>): Promise<void>;
    disconnect(): Promise<void>;
    print(data: Uint8Array): Promise<void>;
    addEventListener(event: 'connected', listener: (device: PointOfSaleConnectedDevice) => void): void;
    addEventListener(event: 'disconnected', listener: () => void): void;
  }
}

declare module '@point-of-sale/webbluetooth-receipt-printer' {
  export default class WebBluetoothReceiptPrinter implements PointOfSalePrinter {
    connect(): Promise<void>;
    reconnect(device: Record<string, unknown>): Promise<void>;
    disconnect(): Promise<void>;
    print(data: Uint8Array): Promise<void>;
    addEventListener(event: 'connected', listener: (device: PointOfSaleConnectedDevice) => void): void;
    addEventListener(event: 'disconnected', listener: () => void): void;
  }
}
