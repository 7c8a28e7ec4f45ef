/** A short tone for a notice, drawn with an oscillator: no audio file to load, nothing the CSP refuses. */
type Tone = 'attention' | 'alarm';

/** Hertz of each note: one high note to hand over cash, a falling pair for a failure or a mismatch. */
const NOTES: Record<Tone, number[]> = { attention: [880], alarm: [660, 440] };
const NOTE_SECONDS = 0.15;
const GAP_SECONDS = 0.05;

let context: AudioContext | null = null;

export function beep(tone: Tone): void {
  try {
    context ??= new AudioContext();
    // Chromium starts a context suspended until the page has had a click or key; the agent has.
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const audio = context;
    NOTES[tone].forEach((frequency, index) => {
      const start = audio.currentTime + index * (NOTE_SECONDS + GAP_SECONDS);
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      // A quick fade in and out, so the note does not click.
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + NOTE_SECONDS);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start);
      oscillator.stop(start + NOTE_SECONDS);
    });
  } catch {
    // No audio device: the notice on screen still says it all.
  }
}
