// The QR scanner for pairing by camera (issue 34). Not part of the first load: the app adds
// <script src="/scan.js"> when the pairing screen opens; the service worker precaches this
// file, web/scan-worker.js and the decoder, so scanning works offline after one visit.
//
//   const stop = window.ddScan.start(video, onText, onProblem);
//
// Starts the camera (the one facing away from the player where there is a choice) into
// `video` (muted, playsinline) and looks for QR codes about 6 times a second. Calls
// onText(text) once for each distinct text it reads (the caller judges it). Calls
// onProblem(kind) at most once, after start() has returned, when scanning cannot run:
//   'insecure'  no navigator.mediaDevices, and the page is not https or localhost
//   'unsupported' no navigator.mediaDevices on a secure page: the browser has no camera API
//               (turned off, or an in-app browser without one)
//   'denied'    the player (or the browser's settings) refused the camera
//   'none'      there is no camera
//   'busy'      the camera is in use elsewhere (NotReadableError)
//   'other'     any other failure of the camera, or the decoder cannot run
// After a problem nothing else is called. stop() stops the camera and the loop; it may be
// called any number of times, also before the camera has started.
//
// Decoding: the browser's BarcodeDetector where it reads QR codes; elsewhere (Chromium on
// Linux, Firefox) crates/scan's rqrr decoder compiled to wasm, in a worker so the UI thread
// never waits on it. `window.ddScanNoDetector = true` (set before start()) takes the worker
// even where a BarcodeDetector exists. Either way the frames are the same: the video drawn
// on a canvas, its longest side at most 640 px.
(() => {
  if (window.ddScan) return;

  const HERE = (document.currentScript && document.currentScript.src) || new URL('/scan.js', location.href).href;
  const WORKER_URL = new URL('scan-worker.js', HERE).href;
  /** A frame every this many ms at most (~6 a second); a slower decode slows the loop. */
  const EVERY_MS = 166;
  /** Frames are scaled down to this longest side: enough for a code across a third of it. */
  const MAX_SIDE = 640;
  /** The decoder failing this many frames in a row is a problem ('other'), not bad luck. */
  const MAX_FAILURES = 3;

  /** The kind of problem a getUserMedia rejection is. */
  function problemKind(error) {
    switch (error && error.name) {
      case 'NotAllowedError':
      case 'PermissionDeniedError':
      case 'SecurityError':
        return 'denied';
      case 'NotFoundError':
      case 'DevicesNotFoundError':
      case 'OverconstrainedError':
        return 'none';
      case 'NotReadableError':
      case 'TrackStartError':
        return 'busy';
      default:
        return 'other';
    }
  }

  // A decoder is { detect(ImageData) -> Promise<string[]>, close() }.

  /** The browser's own QR reader, or null where it has none (or is told not to use it). */
  async function nativeDecoder() {
    if (window.ddScanNoDetector || typeof window.BarcodeDetector !== 'function') return null;
    try {
      const formats = await window.BarcodeDetector.getSupportedFormats();
      if (!formats.includes('qr_code')) return null;
      const detector = new window.BarcodeDetector({ formats: ['qr_code'] });
      return {
        detect: async (frame) => (await detector.detect(frame)).map((code) => code.rawValue),
        close() {},
      };
    } catch {
      return null;
    }
  }

  /** crates/scan in web/scan-worker.js. A worker whose decoder failed is replaced. */
  function workerDecoder() {
    let worker = null;
    let lastId = 0;
    const pending = new Map();
    const settleAll = (error) => {
      for (const { reject } of pending.values()) reject(error);
      pending.clear();
    };
    const drop = (error) => {
      if (worker) worker.terminate();
      worker = null;
      settleAll(error);
    };
    const spawn = () => {
      worker = new Worker(WORKER_URL);
      worker.onmessage = (event) => {
        const { id, texts, error } = event.data;
        const waiting = pending.get(id);
        if (!waiting) return;
        pending.delete(id);
        if (error !== undefined) {
          drop(new Error(error));
          waiting.reject(new Error(error));
        } else {
          waiting.resolve(texts);
        }
      };
      // The script or its decoder could not load (offline before one visit, a bad build).
      worker.onerror = (event) => {
        event.preventDefault();
        drop(new Error(`scan worker: ${event.message || 'failed to start'}`));
      };
    };
    spawn();
    return {
      detect(frame) {
        if (!worker) spawn();
        const id = ++lastId;
        return new Promise((resolve, reject) => {
          pending.set(id, { resolve, reject });
          const rgba = frame.data.buffer;
          worker.postMessage({ id, width: frame.width, height: frame.height, rgba }, [rgba]);
        });
      },
      close() {
        drop(new Error('scanner stopped'));
      },
    };
  }

  function start(video, onText, onProblem) {
    let stopped = false;
    let stream = null;
    let timer = 0;
    let decoder = null;
    let failures = 0;
    const seen = new Set();

    const stop = () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      if (stream) {
        for (const track of stream.getTracks()) track.stop();
        if (video.srcObject === stream) video.srcObject = null;
      }
      if (decoder) decoder.close();
    };
    const problem = (kind) => {
      if (stopped) return;
      stop();
      try {
        onProblem(kind);
      } catch (error) {
        console.warn('ddScan: onProblem threw', error);
      }
    };
    const found = (text) => {
      if (stopped || seen.has(text)) return;
      seen.add(text);
      try {
        onText(text);
      } catch (error) {
        console.warn('ddScan: onText threw', error);
      }
    };

    if (!navigator.mediaDevices || typeof navigator.mediaDevices.getUserMedia !== 'function') {
      // Only secure pages get the camera; on one, its absence is the browser's (telling the
      // player to use https there would send them after the wrong fix).
      const kind = window.isSecureContext === false ? 'insecure' : 'unsupported';
      Promise.resolve().then(() => problem(kind));
      return stop;
    }

    // The decoder loads while the camera starts.
    // (A worker the page may not start, e.g. under another site's CSP, is a null decoder.)
    const decoderReady = nativeDecoder()
      .then((native) => native || workerDecoder())
      .catch((error) => {
        console.warn('ddScan: no decoder', error);
        return null;
      });
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    const tick = async () => {
      if (stopped) return;
      const began = performance.now();
      if (video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0 && video.videoHeight > 0) {
        const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
        const width = Math.max(1, Math.round(video.videoWidth * scale));
        const height = Math.max(1, Math.round(video.videoHeight * scale));
        if (canvas.width !== width || canvas.height !== height) {
          canvas.width = width;
          canvas.height = height;
        }
        try {
          context.drawImage(video, 0, 0, width, height);
          const texts = await decoder.detect(context.getImageData(0, 0, width, height));
          failures = 0;
          for (const text of texts) found(text);
        } catch (error) {
          if (stopped) return;
          failures += 1;
          console.warn('ddScan: a frame could not be read', error);
          if (failures >= MAX_FAILURES) {
            problem('other');
            return;
          }
        }
      }
      if (!stopped) timer = setTimeout(tick, Math.max(0, EVERY_MS - (performance.now() - began)));
    };

    Promise.all([
      navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
      }),
      decoderReady,
    ]).then(
      ([media, chosen]) => {
        decoder = chosen;
        stream = media;
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          if (chosen) chosen.close();
          return;
        }
        if (!chosen) {
          problem('other');
          return;
        }
        video.muted = true;
        video.playsInline = true;
        video.setAttribute('playsinline', '');
        video.srcObject = media;
        // A muted video may play without a tap; if the browser still refuses, frames of a
        // paused video still arrive in most browsers, and the loop reads whatever is shown.
        const playing = video.play();
        if (playing) playing.catch(() => {});
        tick();
      },
      (error) => {
        decoderReady.then((chosen) => chosen && chosen.close());
        problem(problemKind(error));
      },
    );
    return stop;
  }

  window.ddScan = Object.freeze({ start });
})();
