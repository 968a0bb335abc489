// world-atlas ships bare TopoJSON; this states the shape of the one file the choropleth reads.
declare module "world-atlas/countries-110m.json" {
  import type { GeometryCollection, Topology } from "topojson-specification";

  const world: Topology<{ countries: GeometryCollection<{ name: string }> }>;
  export default world;
}
