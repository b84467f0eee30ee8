// One part of the simulation: its controls, and how it goes back to the start on reset.
export type SimulationPart<Controls> = { controls: Controls; reset(): Promise<void> };
