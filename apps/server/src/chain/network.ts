/** The chains the app reaches (token_networks.network). */
export type NetworkName = 'ERC20' | 'BEP20';
