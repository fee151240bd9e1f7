/** settings — filled by its module (profiles issue). */
export {};
