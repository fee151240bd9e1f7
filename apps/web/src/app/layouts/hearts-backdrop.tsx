/** Floating hearts behind the sign-in pages; purely decorative. Negative delays start them mid-flight. */
const HEARTS = [
  { left: '6%', size: 22, delay: 0, duration: 14 },
  { left: '18%', size: 14, delay: 3, duration: 11 },
  { left: '31%', size: 30, delay: 6, duration: 17 },
  { left: '46%', size: 16, delay: 1.5, duration: 12 },
  { left: '58%', size: 26, delay: 8, duration: 15 },
  { left: '71%', size: 12, delay: 4.5, duration: 10 },
  { left: '83%', size: 34, delay: 2, duration: 19 },
  { left: '93%', size: 18, delay: 7, duration: 13 },
];

export function HeartsBackdrop() {
  return (
    <div className="hearts-backdrop" aria-hidden="true">
      <span className="hearts-glow hearts-glow--one" />
      <span className="hearts-glow hearts-glow--two" />
      {HEARTS.map((h) => (
        <i
          key={h.left}
          className="pi pi-heart-fill floating-heart"
          style={{
            left: h.left,
            fontSize: `${h.size}px`,
            animationDelay: `-${h.delay}s`,
            animationDuration: `${h.duration}s`,
          }}
        />
      ))}
    </div>
  );
}
