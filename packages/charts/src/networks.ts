export { NETWORK_LABELS, NETWORKS, type Network, networkColor } from "./theme/networks";
