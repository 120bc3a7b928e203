// The atlases typed as topologies: left to itself the compiler infers a literal type from 1.8 MB of coordinates.
declare module 'world-atlas/countries-110m.json' {
  import type { Topology } from 'topojson-specification';
  const topology: Topology;
  export default topology;
}
declare module 'world-atlas/countries-50m.json' {
  import type { Topology } from 'topojson-specification';
  const topology: Topology;
  export default topology;
}
declare module 'us-atlas/states-10m.json' {
  import type { Topology } from 'topojson-specification';
  const topology: Topology;
  export default topology;
}
declare module 'us-atlas/counties-10m.json' {
  import type { Topology } from 'topojson-specification';
  const topology: Topology;
  export default topology;
}
