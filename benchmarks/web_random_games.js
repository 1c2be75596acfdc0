"use strict";
// Random legal actions against the web version's rules module (Rally the Troops' rules.js for
// The Shores of Tripoli), for benchmarks/engine_speed.py --web DIR. Our own driver: the rules
// module is not part of this repository (see engine_speed.py's docstring for where to get it).
//
//   node benchmarks/web_random_games.js DIR [--games N] [--first-seed S] [--json]
//
// Plays N complete games, each side choosing uniformly among the legal actions the module's
// view() lists for it (its "undo" left out: a random player undoing could loop forever, and ours
// never undoes). Rates are per second of this process's CPU time (process.cpuUsage(), user +
// system), like engine_speed.py's process_time. With --json prints one line of JSON.
//
// It also counts the seasons each game lasted (Spring 1801 is the first; a game ending in Fall
// 1803 lasted 11), for a comparison by the war played rather than by the game: random players
// of different engines play games of different lengths (see engine_speed.py).

const path = require("path");

function parse(argv) {
	const args = { dir: null, games: 1000, firstSeed: 1, json: false };
	for (let i = 0; i < argv.length; ++i) {
		const a = argv[i];
		if (a === "--games") args.games = parseInt(argv[++i], 10);
		else if (a === "--first-seed") args.firstSeed = parseInt(argv[++i], 10);
		else if (a === "--json") args.json = true;
		else if (args.dir === null) args.dir = a;
		else throw new Error("unexpected argument: " + a);
	}
	if (args.dir === null) throw new Error("usage: web_random_games.js DIR [--games N] [--json]");
	return args;
}

// mulberry32: the players' own generator, seeded per game (the rules keep their own dice).
function generator(seed) {
	let a = seed >>> 0;
	return function (n) {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
	};
}

const ROLES = ["United States", "Tripolitania"];

function legal(view) {
	const list = [];
	const actions = view.actions || {};
	for (const name of Object.keys(actions)) {
		if (name === "undo") continue;
		const value = actions[name];
		if (Array.isArray(value)) for (const arg of value) list.push([name, arg]);
		else if (value) list.push([name, undefined]);
	}
	return list;
}

function playGame(rules, seed, pick) {
	let state = rules.setup(seed, "Standard", {});
	let actions = 0;
	while (state.state !== "game_over") {
		const roles = state.active === "Both" ? ROLES : [state.active];
		const choices = [];
		for (const role of roles)
			for (const [name, arg] of legal(rules.view(state, role))) choices.push([role, name, arg]);
		if (choices.length === 0)
			throw new Error("no legal action in state " + state.state + " (seed " + seed + ")");
		const [role, name, arg] = choices[pick(choices.length)];
		state = rules.action(state, role, name, arg);
		++actions;
		if (actions > 100000) throw new Error("game did not end (seed " + seed + ")");
	}
	// the seasons the game lasted, the one it ended in counted (its year and season as ours: 0 is
	// Spring .. 3 Winter)
	const seasons = (state.year - 1801) * 4 + state.season + 1;
	return { actions, seasons, result: state.result };
}

function main() {
	const args = parse(process.argv.slice(2));
	const rules = require(path.resolve(args.dir, "rules.js"));
	const results = {};
	let actions = 0;
	let seasons = 0;
	const start = process.cpuUsage();
	const wall = process.hrtime.bigint();
	for (let i = 0; i < args.games; ++i) {
		// The rules' generator (Lehmer, modulus 2^31 - 1) takes a seed in 1 .. 2^31 - 2.
		const seed = 1 + ((args.firstSeed + i) * 2654435761) % 2147483646;
		const game = playGame(rules, seed, generator(seed ^ 0x5bd1e995));
		actions += game.actions;
		seasons += game.seasons;
		results[game.result] = (results[game.result] || 0) + 1;
	}
	const used = process.cpuUsage(start);
	const seconds = (used.user + used.system) / 1e6;
	const wallSeconds = Number(process.hrtime.bigint() - wall) / 1e9;
	const out = {
		games: args.games, actions, cpu_seconds: seconds, wall_seconds: wallSeconds,
		games_per_second: args.games / seconds, actions_per_game: actions / args.games,
		seasons_per_game: seasons / args.games,
		results, node: process.version,
	};
	if (args.json) console.log(JSON.stringify(out));
	else
		console.log(`${out.games_per_second.toFixed(1)} games/s  ` +
			`${(actions / seconds).toFixed(1)} actions/s  (${out.actions_per_game.toFixed(1)} ` +
			`actions/game, ${out.seasons_per_game.toFixed(2)} seasons/game; ${args.games} games in ${seconds.toFixed(2)} s CPU; ` +
			`results ${JSON.stringify(results)}; node ${process.version})`);
}

main();
