	.target	sm_90

	.elftype	@"ET_EXEC"


//--------------------- .text._Z8member_xPK8particlePfi --------------------------
	.section	.text._Z8member_xPK8particlePfi,"ax",@progbits
	.align	128
        .global         _Z8member_xPK8particlePfi
        .type           _Z8member_xPK8particlePfi,@function
        .size           _Z8member_xPK8particlePfi,(.L_x_11 - _Z8member_xPK8particlePfi)
        .other          _Z8member_xPK8particlePfi,@"STO_CUDA_ENTRY STV_DEFAULT"
_Z8member_xPK8particlePfi:
.text._Z8member_xPK8particlePfi:
	//## File "testdata/profile/profile_demo.cu", line 28
        /*0000*/                   LDC R1, c[0x0][0x28] ;
	//## File "testdata/profile/profile_demo.cu", line 30
        /*0010*/                   S2R R0, SR_TID.X ;
        /*0020*/                   S2UR UR4, SR_CTAID.X ;
        /*0030*/                   LDC R7, c[0x0][RZ] ;
        /*0040*/                   IMAD R7, R7, UR4, R0 ;
	//## File "testdata/profile/profile_demo.cu", line 31
        /*0050*/                   ULDC UR4, c[0x0][0x220] ;
        /*0060*/                   ISETP.GE.AND P0, PT, R7, UR4, PT ;
        /*0070*/               @P0 EXIT ;
	//## File "testdata/profile/profile_demo.cu", line 32
        /*0080*/                   LDC.64 R2, c[0x0][0x210] ;
        /*0090*/                   ULDC.64 UR4, c[0x0][0x208] ;
        /*00a0*/                   LDC.64 R4, c[0x0][0x218] ;
        /*00b0*/                   IMAD.WIDE R2, R7, 0x10, R2 ;
        /*00c0*/                   LDG.E R3, desc[UR4][R2.64] ;
        /*00d0*/                   IMAD.WIDE R4, R7, 0x4, R4 ;
        /*00e0*/                   STG.E desc[UR4][R4.64], R3 ;
	//## File "testdata/profile/profile_demo.cu", line 33
        /*00f0*/                   EXIT ;
.L_x_0:
        /*0100*/                   BRA `(.L_x_0);
        /*0110*/                   NOP;
        /*0120*/                   NOP;
        /*0130*/                   NOP;
        /*0140*/                   NOP;
        /*0150*/                   NOP;
        /*0160*/                   NOP;
        /*0170*/                   NOP;
        /*0180*/                   NOP;
        /*0190*/                   NOP;
        /*01a0*/                   NOP;
        /*01b0*/                   NOP;
        /*01c0*/                   NOP;
        /*01d0*/                   NOP;
        /*01e0*/                   NOP;
        /*01f0*/                   NOP;
.L_x_11:


//--------------------- .text._Z10column_sumPKfPfii --------------------------
	.section	.text._Z10column_sumPKfPfii,"ax",@progbits
	.align	128
        .global         _Z10column_sumPKfPfii
        .type           _Z10column_sumPKfPfii,@function
        .size           _Z10column_sumPKfPfii,(.L_x_12 - _Z10column_sumPKfPfii)
        .other          _Z10column_sumPKfPfii,@"STO_CUDA_ENTRY STV_DEFAULT"
_Z10column_sumPKfPfii:
.text._Z10column_sumPKfPfii:
	//## File "testdata/profile/profile_demo.cu", line 17
        /*0000*/                   LDC R1, c[0x0][0x28] ;
	//## File "testdata/profile/profile_demo.cu", line 19
        /*0010*/                   S2R R4, SR_CTAID.X ;
        /*0020*/                   ULDC UR4, c[0x0][0x0] ;
        /*0030*/                   S2R R3, SR_TID.X ;
        /*0040*/                   IMAD R4, R4, UR4, R3 ;
	//## File "testdata/profile/profile_demo.cu", line 21
        /*0050*/                   ULDC UR4, c[0x0][0x224] ;
        /*0060*/                   ISETP.GE.AND P0, PT, R4, UR4, PT ;
        /*0070*/               @P0 EXIT ;
	//## File "testdata/profile/profile_demo.cu", line 22
        /*0080*/                   LDC R7, c[0x0][0x220] ;
        /*0090*/                   ULDC.64 UR6, c[0x0][0x208] ;
        /*00a0*/                   HFMA2.MMA R0, -RZ, RZ, 0, 0 ;
        /*00b0*/                   ISETP.GE.AND P0, PT, R7, 0x1, PT ;
        /*00c0*/              @!P0 BRA `(.L_x_1) ;
        /*00d0*/                   IADD3 R0, R7.reuse, -0x1, RZ ;
        /*00e0*/                   UMOV UR4, URZ ;
        /*00f0*/                   LOP3.LUT R5, R7, 0x3, RZ, 0xc0, !PT ;
        /*0100*/                   ISETP.GE.U32.AND P0, PT, R0, 0x3, PT ;
        /*0110*/                   MOV R0, RZ ;
        /*0120*/              @!P0 BRA `(.L_x_2) ;
        /*0130*/                   LDC.64 R2, c[0x0][0x210] ;
        /*0140*/                   IADD3 R6, -R5, R7.reuse, RZ ;
        /*0150*/                   IMAD R9, R4, R7, RZ ;
        /*0160*/                   UMOV UR4, URZ ;
        /*0170*/                   MOV R0, RZ ;
        /*0180*/                   ISETP.GT.AND P0, PT, R6, RZ, PT ;
        /*0190*/                   IMAD.WIDE R2, R9, 0x4, R2 ;
        /*01a0*/              @!P0 BRA `(.L_x_3) ;
        /*01b0*/                   ISETP.GT.AND P1, PT, R6, 0xc, PT ;
        /*01c0*/                   PLOP3.LUT P0, PT, PT, PT, PT, 0x80, 0x0 ;
        /*01d0*/              @!P1 BRA `(.L_x_4) ;
        /*01e0*/                   PLOP3.LUT P0, PT, PT, PT, PT, 0x8, 0x0 ;
.L_x_5:
	//## File "testdata/profile/profile_demo.cu", line 23
        /*01f0*/                   LDG.E R17, desc[UR6][R2.64] ;
        /*0200*/                   LDG.E R18, desc[UR6][R2.64+0x4] ;
        /*0210*/                   LDG.E R20, desc[UR6][R2.64+0x8] ;
        /*0220*/                   LDG.E R22, desc[UR6][R2.64+0xc] ;
        /*0230*/                   LDG.E R24, desc[UR6][R2.64+0x10] ;
        /*0240*/                   LDG.E R26, desc[UR6][R2.64+0x14] ;
        /*0250*/                   LDG.E R28, desc[UR6][R2.64+0x18] ;
        /*0260*/                   LDG.E R16, desc[UR6][R2.64+0x1c] ;
        /*0270*/                   LDG.E R15, desc[UR6][R2.64+0x20] ;
        /*0280*/                   LDG.E R14, desc[UR6][R2.64+0x24] ;
        /*0290*/                   LDG.E R13, desc[UR6][R2.64+0x28] ;
        /*02a0*/                   LDG.E R12, desc[UR6][R2.64+0x2c] ;
        /*02b0*/                   LDG.E R11, desc[UR6][R2.64+0x30] ;
        /*02c0*/                   LDG.E R9, desc[UR6][R2.64+0x34] ;
        /*02d0*/                   LDG.E R10, desc[UR6][R2.64+0x38] ;
        /*02e0*/                   LDG.E R8, desc[UR6][R2.64+0x3c] ;
	//## File "testdata/profile/profile_demo.cu", line 22
        /*02f0*/                   IADD3 R6, R6, -0x10, RZ ;
        /*0300*/                   UIADD3 UR4, UR4, 0x10, URZ ;
        /*0310*/                   ISETP.GT.AND P1, PT, R6, 0xc, PT ;
        /*0320*/                   IADD3 R2, P2, R2, 0x40, RZ ;
        /*0330*/                   IADD3.X R3, RZ, R3, RZ, P2, !PT ;
	//## File "testdata/profile/profile_demo.cu", line 23
        /*0340*/                   FADD R17, R17, R0 ;
        /*0350*/                   FADD R17, R17, R18 ;
        /*0360*/                   FADD R17, R17, R20 ;
        /*0370*/                   FADD R17, R17, R22 ;
        /*0380*/                   FADD R17, R17, R24 ;
        /*0390*/                   FADD R17, R17, R26 ;
        /*03a0*/                   FADD R17, R17, R28 ;
        /*03b0*/                   FADD R16, R17, R16 ;
        /*03c0*/                   FADD R15, R16, R15 ;
        /*03d0*/                   FADD R14, R15, R14 ;
        /*03e0*/                   FADD R13, R14, R13 ;
        /*03f0*/                   FADD R12, R13, R12 ;
        /*0400*/                   FADD R12, R12, R11 ;
        /*0410*/                   FADD R9, R12, R9 ;
        /*0420*/                   FADD R9, R9, R10 ;
        /*0430*/                   FADD R0, R9, R8 ;
	//## File "testdata/profile/profile_demo.cu", line 22
        /*0440*/               @P1 BRA `(.L_x_5) ;
.L_x_4:
        /*0450*/                   ISETP.GT.AND P1, PT, R6, 0x4, PT ;
        /*0460*/              @!P1 BRA `(.L_x_6) ;
	//## File "testdata/profile/profile_demo.cu", line 23
        /*0470*/                   LDG.E R9, desc[UR6][R2.64] ;
        /*0480*/                   LDG.E R8, desc[UR6][R2.64+0x4] ;
        /*0490*/                   LDG.E R11, desc[UR6][R2.64+0x8] ;
        /*04a0*/                   LDG.E R13, desc[UR6][R2.64+0xc] ;
        /*04b0*/                   LDG.E R15, desc[UR6][R2.64+0x10] ;
        /*04c0*/                   LDG.E R17, desc[UR6][R2.64+0x14] ;
        /*04d0*/                   LDG.E R19, desc[UR6][R2.64+0x18] ;
        /*04e0*/                   LDG.E R21, desc[UR6][R2.64+0x1c] ;
        /*04f0*/                   PLOP3.LUT P0, PT, PT, PT, PT, 0x8, 0x0 ;
	//## File "testdata/profile/profile_demo.cu", line 22
        /*0500*/                   UIADD3 UR4, UR4, 0x8, URZ ;
        /*0510*/                   IADD3 R6, R6, -0x8, RZ ;
	//## File "testdata/profile/profile_demo.cu", line 23
        /*0520*/                   FADD R9, R0, R9 ;
        /*0530*/                   FADD R8, R9, R8 ;
	//## File "testdata/profile/profile_demo.cu", line 22
        /*0540*/                   IADD3 R9, P1, R2, 0x20, RZ ;
	//## File "testdata/profile/profile_demo.cu", line 23
        /*0550*/                   FADD R8, R8, R11 ;
	//## File "testdata/profile/profile_demo.cu", line 22
        /*0560*/                   IADD3.X R3, RZ, R3, RZ, P1, !PT ;
        /*0570*/                   MOV R2, R9 ;
	//## File "testdata/profile/profile_demo.cu", line 23
        /*0580*/                   FADD R8, R8, R13 ;
        /*0590*/                   FADD R8, R8, R15 ;
        /*05a0*/                   FADD R8, R8, R17 ;
        /*05b0*/                   FADD R8, R8, R19 ;
        /*05c0*/                   FADD R0, R8, R21 ;
.L_x_6:
        /*05d0*/                   ISETP.NE.OR P0, PT, R6, RZ, P0 ;
	//## File "testdata/profile/profile_demo.cu", line 22
        /*05e0*/              @!P0 BRA `(.L_x_2) ;
.L_x_3:
	//## File "testdata/profile/profile_demo.cu", line 23
        /*05f0*/                   LDG.E R9, desc[UR6][R2.64] ;
        /*0600*/                   LDG.E R8, desc[UR6][R2.64+0x4] ;
        /*0610*/                   LDG.E R11, desc[UR6][R2.64+0x8] ;
        /*0620*/                   LDG.E R13, desc[UR6][R2.64+0xc] ;
	//## File "testdata/profile/profile_demo.cu", line 22
        /*0630*/                   IADD3 R6, R6, -0x4, RZ ;
        /*0640*/                   UIADD3 UR4, UR4, 0x4, URZ ;
        /*0650*/                   ISETP.NE.AND P0, PT, R6, RZ, PT ;
	//## File "testdata/profile/profile_demo.cu", line 23
        /*0660*/                   FADD R9, R9, R0 ;
        /*0670*/                   FADD R8, R9, R8 ;
	//## File "testdata/profile/profile_demo.cu", line 22
        /*0680*/                   IADD3 R9, P1, R2, 0x10, RZ ;
	//## File "testdata/profile/profile_demo.cu", line 23
        /*0690*/                   FADD R8, R8, R11 ;
	//## File "testdata/profile/profile_demo.cu", line 22
        /*06a0*/                   IADD3.X R10, RZ, R3, RZ, P1, !PT ;
        /*06b0*/                   MOV R2, R9 ;
	//## File "testdata/profile/profile_demo.cu", line 23
        /*06c0*/                   FADD R0, R8, R13 ;
	//## File "testdata/profile/profile_demo.cu", line 22
        /*06d0*/                   MOV R3, R10 ;
        /*06e0*/               @P0 BRA `(.L_x_3) ;
.L_x_2:
        /*06f0*/                   ISETP.NE.AND P0, PT, R5, RZ, PT ;
        /*0700*/              @!P0 BRA `(.L_x_1) ;
        /*0710*/                   LDC.64 R2, c[0x0][0x210] ;
        /*0720*/                   IMAD R7, R4, R7, UR4 ;
        /*0730*/                   IMAD.WIDE R2, R7, 0x4, R2 ;
        /*0740*/                   MOV R7, R3 ;
.L_x_7:
	//## File "testdata/profile/profile_demo.cu", line 23
        /*0750*/                   MOV R3, R7 ;
        /*0760*/                   LDG.E R3, desc[UR6][R2.64] ;
	//## File "testdata/profile/profile_demo.cu", line 22
        /*0770*/                   IADD3 R5, R5, -0x1, RZ ;
        /*0780*/                   ISETP.NE.AND P0, PT, R5, RZ, PT ;
        /*0790*/                   IADD3 R2, P1, R2, 0x4, RZ ;
        /*07a0*/                   IADD3.X R7, RZ, R7, RZ, P1, !PT ;
	//## File "testdata/profile/profile_demo.cu", line 23
        /*07b0*/                   FADD R0, R3, R0 ;
	//## File "testdata/profile/profile_demo.cu", line 22
        /*07c0*/               @P0 BRA `(.L_x_7) ;
.L_x_1:
	//## File "testdata/profile/profile_demo.cu", line 25
        /*07d0*/                   LDC.64 R2, c[0x0][0x218] ;
        /*07e0*/                   IMAD.WIDE R4, R4, 0x4, R2 ;
        /*07f0*/                   STG.E desc[UR6][R4.64], R0 ;
	//## File "testdata/profile/profile_demo.cu", line 26
        /*0800*/                   EXIT ;
.L_x_8:
        /*0810*/                   BRA `(.L_x_8);
        /*0820*/                   NOP;
        /*0830*/                   NOP;
        /*0840*/                   NOP;
        /*0850*/                   NOP;
        /*0860*/                   NOP;
        /*0870*/                   NOP;
        /*0880*/                   NOP;
        /*0890*/                   NOP;
        /*08a0*/                   NOP;
        /*08b0*/                   NOP;
        /*08c0*/                   NOP;
        /*08d0*/                   NOP;
        /*08e0*/                   NOP;
        /*08f0*/                   NOP;
.L_x_12:


//--------------------- .text._Z4copyPKfPfi       --------------------------
	.section	.text._Z4copyPKfPfi,"ax",@progbits
	.align	128
        .global         _Z4copyPKfPfi
        .type           _Z4copyPKfPfi,@function
        .size           _Z4copyPKfPfi,(.L_x_13 - _Z4copyPKfPfi)
        .other          _Z4copyPKfPfi,@"STO_CUDA_ENTRY STV_DEFAULT"
_Z4copyPKfPfi:
.text._Z4copyPKfPfi:
	//## File "testdata/profile/profile_demo.cu", line 10
        /*0000*/                   LDC R1, c[0x0][0x28] ;
	//## File "testdata/profile/profile_demo.cu", line 12
        /*0010*/                   S2R R0, SR_TID.X ;
        /*0020*/                   S2UR UR4, SR_CTAID.X ;
        /*0030*/                   LDC R7, c[0x0][RZ] ;
        /*0040*/                   IMAD R7, R7, UR4, R0 ;
	//## File "testdata/profile/profile_demo.cu", line 13
        /*0050*/                   ULDC UR4, c[0x0][0x220] ;
        /*0060*/                   ISETP.GE.AND P0, PT, R7, UR4, PT ;
        /*0070*/               @P0 EXIT ;
	//## File "testdata/profile/profile_demo.cu", line 14
        /*0080*/                   LDC.64 R2, c[0x0][0x210] ;
        /*0090*/                   ULDC.64 UR4, c[0x0][0x208] ;
        /*00a0*/                   LDC.64 R4, c[0x0][0x218] ;
        /*00b0*/                   IMAD.WIDE R2, R7, 0x4, R2 ;
        /*00c0*/                   LDG.E R3, desc[UR4][R2.64] ;
        /*00d0*/                   IMAD.WIDE R4, R7, 0x4, R4 ;
        /*00e0*/                   STG.E desc[UR4][R4.64], R3 ;
	//## File "testdata/profile/profile_demo.cu", line 15
        /*00f0*/                   EXIT ;
.L_x_9:
        /*0100*/                   BRA `(.L_x_9);
        /*0110*/                   NOP;
        /*0120*/                   NOP;
        /*0130*/                   NOP;
        /*0140*/                   NOP;
        /*0150*/                   NOP;
        /*0160*/                   NOP;
        /*0170*/                   NOP;
        /*0180*/                   NOP;
        /*0190*/                   NOP;
        /*01a0*/                   NOP;
        /*01b0*/                   NOP;
        /*01c0*/                   NOP;
        /*01d0*/                   NOP;
        /*01e0*/                   NOP;
        /*01f0*/                   NOP;
.L_x_13:


//--------------------- .text._Z14header_stride2PKfPfi --------------------------
	.section	.text._Z14header_stride2PKfPfi,"ax",@progbits
	.align	128
        .global         _Z14header_stride2PKfPfi
        .type           _Z14header_stride2PKfPfi,@function
        .size           _Z14header_stride2PKfPfi,(.L_x_14 - _Z14header_stride2PKfPfi)
        .other          _Z14header_stride2PKfPfi,@"STO_CUDA_ENTRY STV_DEFAULT"
_Z14header_stride2PKfPfi:
.text._Z14header_stride2PKfPfi:
	//## File "testdata/profile/strided.cuh", line 3
        /*0000*/                   LDC R1, c[0x0][0x28] ;
	//## File "testdata/profile/strided.cuh", line 5
        /*0010*/                   S2R R0, SR_TID.X ;
        /*0020*/                   S2UR UR5, SR_CTAID.X ;
	//## File "testdata/profile/strided.cuh", line 6
        /*0030*/                   ULDC UR4, c[0x0][0x220] ;
        /*0040*/                   ULEA.HI UR4, UR4, UR4, URZ, 0x1 ;
        /*0050*/                   USHF.R.S32.HI UR4, URZ, 0x1, UR4 ;
	//## File "testdata/profile/strided.cuh", line 5
        /*0060*/                   LDC R7, c[0x0][RZ] ;
        /*0070*/                   IMAD R7, R7, UR5, R0 ;
	//## File "testdata/profile/strided.cuh", line 6
        /*0080*/                   ISETP.GE.AND P0, PT, R7, UR4, PT ;
        /*0090*/               @P0 EXIT ;
	//## File "testdata/profile/strided.cuh", line 7
        /*00a0*/                   LDC.64 R2, c[0x0][0x210] ;
        /*00b0*/                   SHF.L.U32 R5, R7, 0x1, RZ ;
        /*00c0*/                   ULDC.64 UR4, c[0x0][0x208] ;
        /*00d0*/                   IMAD.WIDE R2, R5, 0x4, R2 ;
        /*00e0*/                   LDC.64 R4, c[0x0][0x218] ;
        /*00f0*/                   LDG.E R3, desc[UR4][R2.64] ;
        /*0100*/                   IMAD.WIDE R4, R7, 0x4, R4 ;
        /*0110*/                   STG.E desc[UR4][R4.64], R3 ;
	//## File "testdata/profile/strided.cuh", line 8
        /*0120*/                   EXIT ;
.L_x_10:
        /*0130*/                   BRA `(.L_x_10);
        /*0140*/                   NOP;
        /*0150*/                   NOP;
        /*0160*/                   NOP;
        /*0170*/                   NOP;
        /*0180*/                   NOP;
        /*0190*/                   NOP;
        /*01a0*/                   NOP;
        /*01b0*/                   NOP;
        /*01c0*/                   NOP;
        /*01d0*/                   NOP;
        /*01e0*/                   NOP;
        /*01f0*/                   NOP;
.L_x_14:


//--------------------- SYMBOLS --------------------------

	.type		.nv.reservedSmem.offset0,@object
	.size		.nv.reservedSmem.offset0,0x4
