// Renders the four notification sounds (spec §9: match, message, like, view) as small WAV files
// in public/sounds: short tone sequences, each recognisable, made here so no audio asset of
// unknown licence ships. Run: node apps/web/scripts/notification-sounds.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 16_000;
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/sounds');

/** Notes as [frequency Hz, seconds]; a soft attack and decay on each so nothing clicks. */
const SOUNDS = {
  match: [[523.25, 0.12], [659.25, 0.12], [783.99, 0.12], [1046.5, 0.28]],
  message: [[880, 0.09], [0, 0.04], [1174.66, 0.16]],
  like: [[659.25, 0.1], [987.77, 0.22]],
  view: [[740, 0.18]],
};

function render(notes) {
  const samples = [];
  for (const [freq, seconds] of notes) {
    const n = Math.round(seconds * RATE);
    for (let i = 0; i < n; i++) {
      const t = i / RATE;
      const envelope = Math.min(1, i / (0.01 * RATE)) * Math.exp((-3 * i) / n);
      samples.push(freq === 0 ? 0 : 0.6 * envelope * (Math.sin(2 * Math.PI * freq * t) + 0.25 * Math.sin(4 * Math.PI * freq * t)) / 1.25);
    }
  }
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

fs.mkdirSync(OUT, { recursive: true });
for (const [name, notes] of Object.entries(SOUNDS)) fs.writeFileSync(path.join(OUT, `${name}.wav`), render(notes));
