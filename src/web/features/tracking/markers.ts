/** The vehicle: an orange dot ringed in white (grey when sharing is paused), readable on light and dark maps. */
export function truckDot(paused: boolean, late = false): HTMLElement {
  const dot = document.createElement('span');
  Object.assign(dot.style, {
    display: 'block',
    width: '22px',
    height: '22px',
    borderRadius: '50%',
    background: paused ? '#868e96' : late ? '#e03131' : '#f76707',
    border: '3px solid #ffffff',
    boxShadow: '0 0 0 2px #151920, 0 2px 6px rgba(0,0,0,.4)',
  });
  return dot;
}
