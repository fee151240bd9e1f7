/** preferences — filled by its module (profiles issue). */
export {};
