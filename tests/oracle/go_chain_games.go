// Differential oracle: real Go. Reads one 64-hex-digit hash per line on stdin and
// prints, for each: the hash, the crash value floor(ratio) (= multiplier × 100, as
// the published generateMultiplier computes it before dividing by 100), the
// platforms result rand.New(rand.NewSource(int64(first 8 bytes))).Intn(25) + 1,
// and the battle winner for four fixed chance lists (-1 for the function's error).
// The functions are the published ones (see ../shared/seeds), unchanged in logic.
package main

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"os"
)

func crashFloor(hash string) float64 {
	bigH, _ := new(big.Int).SetString(hash, 16)
	if new(big.Int).Mod(bigH, big.NewInt(40)).Cmp(big.NewInt(0)) == 0 {
		return 100
	}
	bigH13, _ := new(big.Int).SetString(hash[:13], 16)
	e := new(big.Int).Lsh(big.NewInt(1), 52)
	numerator := new(big.Int).Sub(new(big.Int).Mul(big.NewInt(100), e), bigH13)
	denom := new(big.Int).Sub(e, bigH13)
	ratio, _ := new(big.Float).Quo(new(big.Float).SetInt(numerator), new(big.Float).SetInt(denom)).Float64()
	return math.Floor(ratio)
}

func lastPlatform(hash string) int {
	h, _ := hex.DecodeString(hash)
	number := binary.BigEndian.Uint64(h[:8])
	return rand.New(rand.NewSource(int64(number))).Intn(25) + 1
}

func pickWinner(hash string, chances []float64) int {
	total := 0.0
	for _, c := range chances {
		if c < 0 {
			return -1
		}
		total += c
	}
	if total < 99.99 || total > 100.01 {
		return -1
	}
	b, _ := hex.DecodeString(hash)
	v := float64(binary.BigEndian.Uint64(b[:8])) / float64(math.MaxUint64)
	cum := 0.0
	for i, c := range chances {
		cum += c / 100.0
		if v < cum {
			return i
		}
	}
	return -1
}

var chanceSets = [][]float64{
	{100},
	{50, 50},
	{12.5, 30.1, 7.4, 50},
	{33.33, 33.33, 33.34},
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		h := in.Text()
		if h == "" {
			continue
		}
		fmt.Fprintf(out, "%s %.0f %d", h, crashFloor(h), lastPlatform(h))
		for _, cs := range chanceSets {
			fmt.Fprintf(out, " %d", pickWinner(h, cs))
		}
		fmt.Fprintln(out)
	}
}
