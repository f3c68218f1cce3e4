import { useEffect, useMemo } from 'react';
import { BoxGeometry, CircleGeometry, EdgesGeometry, LineBasicMaterial, MeshLambertMaterial } from 'three';
import type { PlantLayout } from './layout';

/** Height of a hall's walls (meters stand up to about 3 units inside). */
export const WALL_HEIGHT = 3.6;
const SLAB = 0.15;

/** The ground and one hall per top-level department: floor slab, translucent walls, lit edges. */
export function Buildings({ layout }: { layout: PlantLayout }) {
  const resources = useMemo(() => {
    const box = new BoxGeometry(1, 1, 1);
    box.translate(0, 0.5, 0);
    return {
      box,
      edges: new EdgesGeometry(box),
      ground: new CircleGeometry(1, 72).rotateX(-Math.PI / 2),
      groundMaterial: new MeshLambertMaterial({ color: 0x111823 }),
      floorMaterial: new MeshLambertMaterial({ color: 0x1d2838 }),
      wallMaterial: new MeshLambertMaterial({ color: 0x5b7aa6, transparent: true, opacity: 0.1, depthWrite: false }),
      edgeMaterial: new LineBasicMaterial({ color: 0x6f8fbf, transparent: true, opacity: 0.75 }),
    };
  }, []);
  useEffect(() => () => Object.values(resources).forEach((resource) => resource.dispose()), [resources]);

  const groundRadius = Math.max(layout.radius * 1.5, 20);
  return (
    <group>
      <mesh geometry={resources.ground} material={resources.groundMaterial} scale={[groundRadius, 1, groundRadius]} position={[0, -0.01, 0]} />
      {layout.buildings.map((building) => (
        <group key={building.departmentId ?? 'unassigned'} position={[building.x, 0, building.z]}>
          <mesh geometry={resources.box} material={resources.floorMaterial} scale={[building.width, SLAB, building.depth]} />
          <mesh geometry={resources.box} material={resources.wallMaterial} scale={[building.width, WALL_HEIGHT, building.depth]} renderOrder={2} />
          <lineSegments geometry={resources.edges} material={resources.edgeMaterial} scale={[building.width, WALL_HEIGHT, building.depth]} />
        </group>
      ))}
    </group>
  );
}
