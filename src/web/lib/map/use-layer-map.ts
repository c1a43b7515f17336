import { useEffect, useRef, type RefObject } from 'react';
import { L, createBaseMap, type TileSource } from './base-map.js';

export interface LayerMap {
  /** The element the map is drawn in. */
  element: RefObject<HTMLDivElement | null>;
  map: RefObject<L.Map | null>;
  /** The layer the component redraws (cleared and filled again at each update). */
  layer: RefObject<L.LayerGroup | null>;
}

/**
 * A map built once the tile source is known (`undefined` while the site settings load), with one layer the
 * component redraws; removed on unmount, when `onRemove` runs too (e.g. to forget a fitted view). The component's
 * own drawing effect, declared after this hook, runs after the map exists.
 */
export function useLayerMap(tiles: TileSource | null | undefined, onRemove?: () => void): LayerMap {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const removed = useRef(onRemove);
  removed.current = onRemove;
  // Read when the map is built; a later change of the settings' answer does not rebuild it.
  const source = useRef(tiles);
  source.current = tiles;
  const ready = tiles !== undefined;
  useEffect(() => {
    if (!element.current || map.current || source.current === undefined) return;
    map.current = createBaseMap(element.current, null, source.current);
    layer.current = L.layerGroup().addTo(map.current);
    return () => {
      map.current?.remove();
      map.current = null;
      layer.current = null;
      removed.current?.();
    };
  }, [ready]);
  return { element, map, layer };
}
