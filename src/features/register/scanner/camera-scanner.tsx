// The camera part of scanning (loaded on demand with React.lazy, so the register's own chunk stays light):
// the back camera in a <video>, and the browser's BarcodeDetector asked a few times a second until it
// reads a code. The stream is stopped as soon as a code is read or the dialog closes.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { barcodeDetectorClass } from './camera-support';

const LOOK_EVERY_MS = 200;

function cameraProblem(error: unknown): string {
  if (error instanceof DOMException && error.name === 'NotAllowedError') {
    return i18n._(
      msg`The camera is not allowed for this site. Allow it in the browser, or type the barcode below.`,
    );
  }
  return i18n._(msg`The camera could not be opened. Type the barcode below instead.`);
}

export default function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const Detector = barcodeDetectorClass();
    const element = video.current;
    if (!Detector || !element) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let done = false;
    const stop = () => {
      done = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    const detector = new Detector();
    void navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((opened) => {
        stream = opened;
        if (done) {
          stop();
          return;
        }
        element.srcObject = opened;
        // Autoplay may be refused until a tap; the detector then keeps trying until frames arrive.
        element.play().catch(() => undefined);
        timer = setInterval(() => {
          detector.detect(element).then(
            (codes) => {
              const code = codes[0]?.rawValue;
              if (code && !done) {
                stop();
                latest.current(code);
              }
            },
            () => undefined, // No frame yet: look again on the next tick.
          );
        }, LOOK_EVERY_MS);
      })
      .catch((error: unknown) => {
        if (!done) setProblem(cameraProblem(error));
      });
    return stop;
  }, []);

  return (
    <div className="camera">
      {problem !== null ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <video ref={video} className="camera__video" muted playsInline aria-label={t`Camera`} />
    </div>
  );
}
