// local_arrays: per-thread local arrays indexed at run time (forces
// local memory: ptxas -v reports a stack frame, SASS has LDL/STL), a struct
// passed by value as a kernel parameter (.param .align 8 .b8 p[24]) and
// __constant__ arrays read with run-time indices.
// 512 threads, v = in[t & 255]; out[t][8] u32:
//  0 acc of the dynamic-index walk over arr[64]   1 f32 sum over farr[16] (bits)
//  2 arr[v & 63] after the walk                  3 (unsigned)((p.scale * v) >> 3)
//  4 v + p.offset   5 v & p.mask   6 ctab[(v*13)&255] + ctab[acc&255]   7 p.scale >> 32
//  (param p: scale u64, offset s32, factor f32, mask u32, pad u32)
#define NS 8

struct Params {
    unsigned long long scale;
    int offset;
    float factor;
    unsigned mask;
    unsigned pad;
};

__constant__ unsigned ctab[256] = {
    0x82D7B1ADu, 0x04EB8466u, 0x99AD672Du, 0x39AA51C9u, 0x3F3C4BD9u, 0xA437F5F5u, 0xE811B42Au, 0xE1A04448u,
    0x460AF958u, 0xEAA14EF7u, 0xD3FDBBC3u, 0xED9897DBu, 0x26D9E3F7u, 0x5F818A4Du, 0xC869463Cu, 0xA4B9C83Cu,
    0x772D41B9u, 0x4C089AE3u, 0xC2C3B7CAu, 0x580332C2u, 0x664DD831u, 0x85CA5873u, 0x4F78E435u, 0xAEB841BAu,
    0x885010CCu, 0x95228256u, 0xB618E19Fu, 0x6B227AF3u, 0x7983156Eu, 0xADB70152u, 0xAFC71111u, 0x76C23AAEu,
    0x08B63725u, 0x344FDAFBu, 0x98237E87u, 0x462D37A9u, 0xCBD7C5C0u, 0xAAEF153Cu, 0xBAD2145Fu, 0x8CE27CFEu,
    0xF86FE1B9u, 0xB14F74EDu, 0x05DFE413u, 0x15472427u, 0xC872FC5Du, 0x3F1C43E7u, 0x9053A193u, 0x74EF4008u,
    0x5BB30C53u, 0x65E7EC68u, 0x49999BFFu, 0xC2B6C01Au, 0x07904DCAu, 0xC9E2B64Cu, 0x71582FD6u, 0x7550658Eu,
    0x789F719Du, 0x07627C8Bu, 0xD1219875u, 0x31C7E9C2u, 0x0EFDAE19u, 0xD7FF5536u, 0x6587DC07u, 0xFD989ED9u,
    0x2554EFE6u, 0xB783DD95u, 0x593DAFC3u, 0x6A62A82Eu, 0x823D3BD5u, 0xEE4E96CFu, 0xF0D542B1u, 0xF901C62Eu,
    0x0F924A6Du, 0xD3EDE497u, 0x11C12E76u, 0x5B5E3B99u, 0x2F2EB831u, 0x3D20761Cu, 0x649630DBu, 0xB4DD0CFDu,
    0x746F6EBAu, 0x1E1A294Au, 0x4498E594u, 0x00DD07B9u, 0x00AA7202u, 0xC57B42BEu, 0x739F48A3u, 0x3B4CBB1Eu,
    0x914E558Au, 0x1FB9F2D9u, 0xB666B64Bu, 0x37FA27C3u, 0x6679295Cu, 0xC3507FD3u, 0x9B0FC0A2u, 0xE800EB99u,
    0xBA8484BFu, 0x437B14C0u, 0x7D0243EDu, 0x6B7E5450u, 0xEC632FDAu, 0x75A110ECu, 0x4BDB267Au, 0xAE2B8489u,
    0xE7C07C9Cu, 0xD5F62632u, 0xDCE992F1u, 0x18E4CD49u, 0x34289540u, 0xBF10B6A7u, 0xA0A36B15u, 0xF02C8525u,
    0x0E29B1D8u, 0xC6F16DFFu, 0xF03361BDu, 0xEE00C87Du, 0xF20C565Eu, 0xF9F6DD24u, 0x5020D07Eu, 0x4900882Fu,
    0x429A69CBu, 0xB8EDF7D8u, 0x1A63E304u, 0x2F5E318Bu, 0x89859D0Du, 0xC355ACA3u, 0xC4F91499u, 0x347C2CCCu,
    0xB466D538u, 0x326650DFu, 0x180C885Du, 0x3E8CFE57u, 0xE4ED818Fu, 0x882DB0FBu, 0x8FFED1F7u, 0xC7B2EE02u,
    0x66E49CBCu, 0x78AA6C8Du, 0x8D461218u, 0xD14034F4u, 0xC3EEF7F7u, 0xE99A1832u, 0xD361260Eu, 0x9AE67818u,
    0xF423FAD4u, 0x3AF88D7Du, 0x8983E3D4u, 0x1A2E4C3Du, 0x8EC2ED53u, 0x6BA0FFF9u, 0xBBA37FECu, 0x9AEA674Du,
    0x352CB676u, 0x88E9D098u, 0xD56DCC61u, 0xD146EC7Cu, 0xB774E9E9u, 0x70013237u, 0x6EFF6B17u, 0xAB5036CFu,
    0x381C0329u, 0xFD621AF0u, 0x1F4466B8u, 0x08A7CDD2u, 0xD8289606u, 0xA07EFF13u, 0x2CC88853u, 0x7FFCB128u,
    0xE3D597DCu, 0xFE44B8A0u, 0x931DB8C7u, 0xE5FFD82Fu, 0x50959398u, 0xDAEF7B32u, 0x238A2E04u, 0x0FC0D2FDu,
    0x12AA43B0u, 0xD142477Eu, 0xA7C93E20u, 0xF61C3496u, 0x1EFC28D3u, 0x96C91579u, 0xF68AECD6u, 0xEEC17D1Du,
    0xFDF6EAA3u, 0x331B853Cu, 0x97301BBAu, 0x65CCAAA0u, 0xDD08791Cu, 0x3E42E414u, 0xBBBE4A3Fu, 0x220CA9DEu,
    0x4C87071Cu, 0x45DA1F61u, 0xE4808219u, 0x057AB2A4u, 0x47FAC8A5u, 0x522E4D63u, 0xDB78F005u, 0x04A29E4Du,
    0x56325B09u, 0x9CDBABB3u, 0x19022DDFu, 0x64B6D20Au, 0xB95D8A7Bu, 0x9F49FC14u, 0x323DE6FFu, 0x39E4B46Eu,
    0x18C36512u, 0xDC0B2ADDu, 0x7F0F9C69u, 0xC23E25DFu, 0xD92A713Du, 0x60BAA287u, 0x8CEF6365u, 0x59503765u,
    0x21C972B0u, 0x315A1FD6u, 0x2ED8C0D3u, 0x7326FBCDu, 0xA7970CCCu, 0xB2667120u, 0x35B89876u, 0x7788C18Bu,
    0xCC784F13u, 0xEFD987FCu, 0x1420F7F3u, 0x6DC5D51Eu, 0x3F0B6426u, 0x23A3973Fu, 0x9769A447u, 0xF82B024Bu,
    0x5A1AB155u, 0xD1B00AB3u, 0x4EDE3B0Au, 0x49171258u, 0xD28EB85Fu, 0xA6318986u, 0x64C87F80u, 0x8E015DBAu,
    0x14CE3335u, 0xE5B734B8u, 0x4EF09722u, 0xC5FE7ACCu, 0xD407628Au, 0xD8BF305Fu, 0x90A774F8u, 0x88B5C23Eu,
    0x67A5CDFAu, 0xDD0519B6u, 0xF2B1D7BAu, 0xB89F428Eu, 0xED239026u, 0x73628D28u, 0x8D78CBC4u, 0x822F1268u,
};
__constant__ float cf[16] = {-3.25f, -2.75f, -2.25f, -1.75f, -1.25f, -0.75f, -0.25f, 0.25f,
                             0.75f, 1.25f, 1.75f, 2.25f, 2.75f, 3.25f, 3.75f, 4.25f};

extern "C" __global__ void local_arrays(const unsigned* __restrict__ in, unsigned* __restrict__ out, Params p)
{
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned v = in[t & 255u];
    unsigned arr[64];
    float farr[16];
    for (unsigned k = 0; k < 64; ++k) arr[k] = (v * (k + 1u)) ^ ctab[(v + k) & 255u];
    for (unsigned k = 0; k < 16; ++k) farr[k] = (float)(arr[(k * 5u + v) & 63u] & 0xffffu) * p.factor + cf[(k + v) & 15u];
    unsigned acc = 0;
    for (unsigned k = 0; k < 32; ++k) {
        const unsigned idx = (acc + v + k * 7u) & 63u;
        acc += arr[idx];
        arr[(idx * 5u + 1u) & 63u] ^= acc;
    }
    float facc = 0.0f;
    for (unsigned k = 0; k < 8; ++k) facc += farr[(v >> (k * 4u)) & 15u];
    unsigned* o = out + (size_t)t * NS;
    o[0] = acc;
    o[1] = __float_as_uint(facc);
    o[2] = arr[v & 63u];
    o[3] = (unsigned)((p.scale * v) >> 3);
    o[4] = (unsigned)((int)v + p.offset);
    o[5] = v & p.mask;
    o[6] = ctab[(v * 13u) & 255u] + ctab[acc & 255u];
    o[7] = (unsigned)(p.scale >> 32);
}
