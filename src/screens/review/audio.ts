/** Audio remark recording behind a small interface (STYLE.md 11): the browser one wraps MediaRecorder; tests fake it. */

export interface AudioRecorder {
  /** Asks for the microphone and starts recording. */
  start(): Promise<void>;
  /** Stops and answers the recording. */
  stop(): Promise<Blob>;
  /** Stops without keeping anything. */
  cancel(): void;
}

export function isRecordingSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

/** MediaRecorder over the default microphone. */
export function createMediaRecorder(): AudioRecorder {
  let recorder: MediaRecorder | null = null;
  let stream: MediaStream | null = null;
  let chunks: Blob[] = [];
  const release = () => {
    stream?.getTracks().forEach((t) => t.stop());
    stream = null;
    recorder = null;
  };
  return {
    async start() {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      chunks = [];
      recorder = new MediaRecorder(stream);
      recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      recorder.start();
    },
    stop() {
      return new Promise<Blob>((resolve, reject) => {
        const active = recorder;
        if (!active) return reject(new Error('not recording'));
        active.onstop = () => {
          const blob = new Blob(chunks, { type: active.mimeType || 'audio/webm' });
          release();
          resolve(blob);
        };
        active.stop();
      });
    },
    cancel() {
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}
