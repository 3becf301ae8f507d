// The bots' thread: the page sends the game as a record and the name of a
// bot; the worker loads the record into its own copy of the library, asks
// the library's bot for a move and answers with the move's text.  The page
// never freezes while MCTS thinks, and checks the answer before playing it.
import { engine } from './engine.js';

const ready = engine.init();

self.onmessage = async (ev) => {
	const { id, record, bot, seed } = ev.data;
	try {
		await ready;
		const game = engine.load(record);
		try {
			const t0 = performance.now();
			const { move, stats } = game.botChoose(bot, seed);
			self.postMessage({ id, move, ms: performance.now() - t0,
					   playouts: stats.playouts });
		} finally {
			game.free();
		}
	} catch (e) {
		self.postMessage({ id, error: String(e && e.message ? e.message : e) });
	}
};
